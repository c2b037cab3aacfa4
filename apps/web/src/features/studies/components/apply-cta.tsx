/**
 * The call-to-action button of a study page. The state comes from the shared rule
 * (studyApplicability) plus the caller's relation to the study (viewer):
 * leader/admin → manage; member → joined (review when completed); open application → its
 * status; can apply → apply (guests go to login first); full but otherwise open → join the
 * waitlist (through the apply form), and once in line the place and a way out; otherwise a
 * disabled button that says why (모집 마감, 정원 마감, 승인 대기 …).
 */
import { applicabilityLabelText, studyApplicability, waitlistOpen, type ApplicabilityLabel, type Study } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { applyPath, checkoutPath, loginPath, reviewPath } from '../lib/paths';
import { useLocale, useNow } from '../lib/use-locale';
import { WaitlistPlace } from './waitlist-place';

export type CtaState =
  | { kind: 'manage' }
  | { kind: 'review' }
  | { kind: 'member' }
  | { kind: 'applied'; status: string }
  | { kind: 'pay' }
  | { kind: 'apply' }
  | { kind: 'login' }
  | { kind: 'waitlist' }
  | { kind: 'waitlistLogin' }
  | { kind: 'waitlisted' }
  | { kind: 'closed'; label: ApplicabilityLabel };

export function ctaState(study: Study, now: Date, isAuthenticated: boolean): CtaState {
  const a = studyApplicability(study, now);
  const v = study.viewer;
  if (v?.isActiveMember && a.showReviewButton) return { kind: 'review' };
  if (v?.isLeader || v?.isAdmin) return { kind: 'manage' };
  if (v?.isActiveMember) return { kind: 'member' };
  if (v?.applicationStatus === 'ACCEPTED' || v?.applicationStatus === 'PAYMENT_PENDING') return { kind: 'pay' };
  if (v?.applicationStatus === 'PENDING') return { kind: 'applied', status: v.applicationStatus };
  if (v?.applicationStatus === 'WAITLISTED') return { kind: 'waitlisted' };
  if (a.canApply && !waitlistOpen(study, now)) return isAuthenticated ? { kind: 'apply' } : { kind: 'login' };
  if (waitlistOpen(study, now)) return isAuthenticated ? { kind: 'waitlist' } : { kind: 'waitlistLogin' };
  return { kind: 'closed', label: a.label };
}

export function ApplyCta({
  study,
  isAuthenticated,
  label,
  labelIsUserContent = true,
  block,
}: {
  study: Study;
  isAuthenticated: boolean;
  /** the leader's button text for the apply state */
  label?: string;
  /** false when `label` comes from the catalogue (the default call-to-action section) */
  labelIsUserContent?: boolean;
  block?: boolean;
}) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const now = useNow();
  const state = ctaState(study, now, isAuthenticated);
  const cls = `btn ${block ? 'st-cta-btn' : ''}`;
  switch (state.kind) {
    case 'manage':
      // The leader's view: the bar above the page holds the one "manage" button; the side panel
      // says what the leader is looking at; the hero and call-to-action sections show nothing.
      return block ? (
        <p className="muted st-cta-note" data-testid="leader-preview-note">
          {t('cta.leaderPreview')}
        </p>
      ) : null;
    case 'review':
      return (
        <Link className={`${cls} btn-primary`} to={reviewPath(study)}>
          {t('cta.review')}
        </Link>
      );
    case 'member':
      return (
        <>
          <span className={`${cls} btn-secondary st-cta-static`} role="status">
            {t('cta.member')}
          </span>
          <Link className={`${cls} btn-primary`} to={`/study/${encodeURIComponent(study.slug || study.id)}/check-in`}>
            {t('checkIn.open')}
          </Link>
        </>
      );
    case 'pay':
      return (
        <Link
          className={`${cls} btn-primary`}
          to={study.viewer?.applicationId ? checkoutPath(study.id, study.viewer.applicationId) : '/users/me#my-studies'}
        >
          {t('cta.pay')}
        </Link>
      );
    case 'applied':
      return (
        <Link className={`${cls} btn-secondary`} to="/users/me#my-studies">
          {t('cta.applied')}
        </Link>
      );
    case 'apply':
      return (
        <Link className={`${cls} btn-primary`} to={applyPath(study)}>
          {label ? labelIsUserContent ? <span data-user-content="">{label}</span> : label : t('cta.apply')}
        </Link>
      );
    case 'login':
      return (
        <Link className={`${cls} btn-primary`} to={loginPath(applyPath(study))}>
          {label ? labelIsUserContent ? <span data-user-content="">{label}</span> : label : t('cta.apply')}
        </Link>
      );
    case 'waitlist':
      return (
        <Link className={`${cls} btn-primary`} to={applyPath(study)}>
          {t('waitlist.join')}
        </Link>
      );
    case 'waitlistLogin':
      return (
        <Link className={`${cls} btn-primary`} to={loginPath(applyPath(study))}>
          {t('waitlist.join')}
        </Link>
      );
    case 'waitlisted':
      return <WaitlistPlace study={study} className={cls} />;
    case 'closed':
      return (
        <button type="button" className={`${cls} btn-secondary`} disabled>
          {state.label === 'IN_PROGRESS' ? t('cta.inProgressClosed') : applicabilityLabelText(state.label, locale)}
        </button>
      );
  }
}
