import { STUDY_LIMITS, type Study, type StudyMember } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { useMemberRole, useRemoveMember, useWarnMember } from '../../api/manage-api';
import { useMembers } from '../../api/studies-api';
import { Avatar } from '../../../../shared/ui/avatar';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { formatDate } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { TableScroll } from '../../../../shared/ui/table-scroll';
import { ErrorMessage } from '../../../../shared/ui/error-message';

export function MembersPanel({ study, isOwner }: { study: Study; isOwner: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const members = useMembers(study.id, { page: 0 });
  const role = useMemberRole(study.id);
  const warn = useWarnMember(study.id);
  const remove = useRemoveMember(study.id);
  const [dialog, setDialog] = useState<{ member: StudyMember; kind: 'warn' | 'remove' } | null>(null);
  const busy = role.isPending || warn.isPending || remove.isPending;
  const mutation = dialog?.kind === 'remove' ? remove : warn;

  if (members.isPending) return <LoadingState />;
  if (members.isError) return <ErrorMessage variant="state" error={members.error} onRetry={() => void members.refetch()} />;
  const list = members.data.content;
  if (list.length === 0) return <EmptyState title={t('manage.members.empty')} />;
  return (
    <div className="stack">
      <p className="muted">{t('manage.members.lead', { max: STUDY_LIMITS.warningsToDeactivate })}</p>
      <ErrorMessage error={role.error} />
      <TableScroll className="st-table-wrap">
        <table className="st-table">
          <caption className="visually-hidden">{t('manage.tabs.members')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manage.members.name')}</th>
              <th scope="col">{t('manage.members.role')}</th>
              <th scope="col">{t('manage.members.joined')}</th>
              <th scope="col">{t('manage.members.attendance')}</th>
              <th scope="col">{t('manage.members.warnings')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('manage.members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.memberId} className={m.isActive ? '' : 'is-inactive'}>
                <th scope="row">
                  <span className="st-table__person" data-user-content="">
                    <Avatar name={m.name} src={m.profileImage} size={28} />
                    {m.name}
                  </span>
                </th>
                <td>
                  {t(`role.${m.role}`)}
                  {!m.isActive && (
                    <span className="badge st-badge--muted">{t(`manage.members.inactive.${m.inactiveReason ?? 'LEFT'}`)}</span>
                  )}
                </td>
                <td>{formatDate(m.joinedAt, locale)}</td>
                <td>{m.attendanceRate === null || m.role === 'OWNER' ? '—' : `${Math.round(m.attendanceRate)}%`}</td>
                <td>{m.warningCount}</td>
                <td>
                  {m.isActive && m.role !== 'OWNER' && (
                    <span className="st-table__actions">
                      {isOwner && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          disabled={busy}
                          onClick={() => role.mutate({ userId: m.memberId, role: m.role === 'MANAGER' ? 'MEMBER' : 'MANAGER' })}
                        >
                          {m.role === 'MANAGER' ? t('manage.members.demote') : t('manage.members.promote')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={busy}
                        onClick={() => setDialog({ member: m, kind: 'warn' })}
                      >
                        {t('manage.members.warn')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm st-danger-text"
                        disabled={busy}
                        onClick={() => setDialog({ member: m, kind: 'remove' })}
                      >
                        {t('manage.members.remove')}
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ConfirmDialog
        open={!!dialog}
        title={
          dialog?.kind === 'remove'
            ? t('manage.members.removeTitle', { name: dialog.member.name })
            : t('manage.members.warnTitle', { name: dialog?.member.name ?? '' })
        }
        body={
          dialog?.kind === 'warn'
            ? t('manage.members.warnDesc', { count: dialog.member.warningCount + 1, max: STUDY_LIMITS.warningsToDeactivate })
            : t('manage.members.removeDesc')
        }
        notice={
          dialog?.kind === 'remove'
            ? t('manage.members.removeNotice', { name: dialog.member.name })
            : t('manage.members.warnNotice', { name: dialog?.member.name ?? '' })
        }
        // a warning carries its reason to the member; a removal sends none (the API takes no reason)
        note={
          dialog?.kind === 'warn'
            ? {
                label: t('manage.members.reason'),
                hint: t('manage.members.reasonHint'),
                required: true,
                maxLength: 500,
                missingMessage: t('validation.reasonRequired'),
              }
            : undefined
        }
        tone={dialog?.kind === 'remove' ? 'danger' : 'primary'}
        confirmLabel={dialog?.kind === 'remove' ? t('manage.members.remove') : t('manage.members.warn')}
        pending={mutation.isPending}
        error={mutation.error}
        onClose={() => {
          setDialog(null);
          warn.reset();
          remove.reset();
        }}
        onConfirm={(reason) => dialog && mutation.mutate({ userId: dialog.member.memberId, reason }, { onSuccess: () => setDialog(null) })}
      />
    </div>
  );
}
