/**
 * The manage page's waitlist tab (docs/waitlist.md): the line in order with each person's
 * motivation. Seats are given from it automatically when one frees; the organisers may take
 * someone off it (a reject with a note, the applications tab's dialog).
 */
import type { Study, WaitlistEntry } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { useDecideApplication } from '../../api/studies-api';
import { Avatar } from '../../../../shared/ui/avatar';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { TableScroll } from '../../../../shared/ui/table-scroll';
import { formatDateTime } from '../../../../shared/lib/format';
import { useWaitlist } from '../../api/waitlist-api';
import { useLocale } from '../../lib/use-locale';

export function WaitlistPanel({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const line = useWaitlist(study.id);
  const decide = useDecideApplication(study.id);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  if (line.isPending) return <LoadingState />;
  if (line.isError) return <ErrorMessage variant="state" error={line.error} onRetry={() => void line.refetch()} />;
  const lead = study.costType === 'FREE' || study.cost === 0 ? t('waitlist.manage.leadFree') : t('waitlist.manage.leadPaid');
  if (line.data.entries.length === 0)
    return (
      <EmptyState title={t('waitlist.manage.empty')}>
        <p className="muted">{lead}</p>
      </EmptyState>
    );
  return (
    <div className="stack" data-testid="waitlist-panel">
      <p className="muted">{lead}</p>
      <TableScroll className="st-table-wrap">
        <table className="st-table">
          <caption className="visually-hidden">{t('manage.tabs.waitlist')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('waitlist.manage.position')}</th>
              <th scope="col">{t('waitlist.manage.name')}</th>
              <th scope="col">{t('waitlist.manage.joinedAt')}</th>
              <th scope="col">{t('waitlist.manage.motivation')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('manage.members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {line.data.entries.map((e) => (
              <tr key={e.applicationId}>
                <td>{e.position}</td>
                <th scope="row">
                  <span className="st-table__person" data-user-content="">
                    <Avatar name={e.applicant.name} src={e.applicant.profileImage} size={28} />
                    {e.applicant.name}
                  </span>
                </th>
                <td>{formatDateTime(e.waitlistedAt, locale)}</td>
                <td data-user-content="">{e.motivation}</td>
                <td>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRemoving(e)}>
                    {t('waitlist.manage.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ConfirmDialog
        open={!!removing}
        title={t('manage.apps.rejectTitle', { name: removing?.applicant.name ?? '' })}
        body={t('manage.apps.rejectBody')}
        notice={t('manage.apps.rejectNotice', { name: removing?.applicant.name ?? '' })}
        note={{
          label: t('manage.apps.rejectReason'),
          hint: t('manage.apps.rejectHint'),
          required: true,
          maxLength: 1000,
          missingMessage: t('validation.reasonRequired'),
        }}
        tone="danger"
        confirmLabel={t('waitlist.manage.remove')}
        pending={decide.isPending}
        error={decide.error}
        onClose={() => {
          setRemoving(null);
          decide.reset();
        }}
        onConfirm={(note) =>
          removing &&
          decide.mutate(
            { applicationId: removing.applicationId, decision: 'reject', reviewNote: note },
            { onSuccess: () => setRemoving(null) },
          )
        }
      />
    </div>
  );
}
