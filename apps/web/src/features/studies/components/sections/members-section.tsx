import { studySeats } from '@moim/contract';
import { useTranslation } from '../../../../shared/i18n';
import { usePublicMembers } from '../../api/study-content-api';
import { Avatar } from '../../../../shared/ui/avatar';
import type { SectionContext, SectionOf } from './types';

export function MembersSection({ section, ctx }: { section: SectionOf<'members'>; ctx: SectionContext }) {
  const { t } = useTranslation('studies');
  // The member list is for members, the leader and admins; others see the count only.
  const v = ctx.study.viewer;
  const mayList = !!(v && (v.isActiveMember || v.isLeader || v.isAdmin));
  const members = usePublicMembers(ctx.study.id, mayList);
  const id = `sec-${section.id}`;
  const list = members.data?.content.filter((m) => m.isActive) ?? [];
  const seats = studySeats(ctx.study);
  return (
    <section className="st-section" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.members')}
        <span className="st-section__count">{t('members.count', { count: ctx.study.enrolled })}</span>
      </h2>
      {mayList && members.isPending ? (
        <div className="st-skeleton-row" aria-hidden="true" />
      ) : !mayList || members.isError || list.length === 0 ? (
        <p className="muted">{ctx.study.enrolled > 0 ? t('members.private', { count: ctx.study.enrolled }) : t('members.none')}</p>
      ) : (
        <ul className="st-members">
          {list.map((m) => (
            <li key={m.memberId} className="st-members__item">
              <Avatar name={m.name} src={m.profileImage} size={44} />
              <span className="st-members__name" data-user-content="">
                {m.name}
              </span>
              <span className="st-members__role">{t(`role.${m.role}`)}</span>
              {section.showAttendance && m.attendanceRate !== null && (
                <span className="st-members__rate">{t('members.attendance', { rate: Math.round(m.attendanceRate) })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {seats.held > 0 && <p className="muted">{t('members.held', { count: seats.held })}</p>}
    </section>
  );
}
