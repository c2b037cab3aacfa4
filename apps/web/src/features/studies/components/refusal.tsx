/**
 * Why the caller cannot apply to a study right now, in words (the apply page shows this instead
 * of the form). Mirrors the server's checks so the user learns the reason before typing.
 */
import { studyApplicability, waitlistOpen, type Study } from '@moim/contract';
import type { TFunction } from '../../../shared/i18n';
import { formatDateTime } from '../../../shared/lib/format';

export function refusalReason(study: Study, now: Date, t: TFunction<'studies'>, locale: 'ko' | 'en'): string | null {
  const v = study.viewer;
  if (v?.isLeader) return t('apply.refuse.leader');
  if (v?.isActiveMember) return t('apply.refuse.member');
  if (v?.applicationStatus === 'WAITLISTED') return t('apply.refuse.waitlisted');
  if (v?.applicationStatus && ['PENDING', 'ACCEPTED', 'PAYMENT_PENDING'].includes(v.applicationStatus))
    return t('apply.refuse.applied', { status: t(`appStatus.${v.applicationStatus}`) });
  const a = studyApplicability(study, now);
  // a full study that is otherwise open takes a place on its waitlist through the same form
  if (a.canApply || waitlistOpen(study, now)) return null;
  switch (a.label) {
    case 'RECRUITMENT_CLOSED':
      return t('apply.refuse.closed', { date: formatDateTime(study.recruitDeadline, locale) });
    case 'FULL':
      return t('apply.refuse.full', { capacity: study.capacity });
    case 'PENDING':
      return t('apply.refuse.pending');
    case 'IN_PROGRESS':
      return t('apply.refuse.inProgress');
    case 'COMPLETED':
      return t('apply.refuse.completed');
    default:
      return t('apply.refuse.unavailable');
  }
}
