import type { Application, Study } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { EmptyState, LoadingState } from '../../../../shared/ui/states';
import { useApplications, useDecideApplication } from '../../api/studies-api';
import { Avatar } from '../../../../shared/ui/avatar';
import { Pager } from '../../../../shared/ui/pager';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { formatDateTime } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { TabBar } from '../../../../shared/ui/tab-bar';
import { ErrorMessage } from '../../../../shared/ui/error-message';

type Filter = 'PENDING' | 'ALL';

export function ApplicationsPanel({ study, admin }: { study: Study; admin?: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const [filter, setFilter] = useState<Filter>(admin ? 'ALL' : 'PENDING');
  const [page, setPage] = useState(0);
  const list = useApplications(study.id, { page, status: filter === 'PENDING' ? ['PENDING'] : undefined, admin });
  const decide = useDecideApplication(study.id);
  const [dialog, setDialog] = useState<{ app: Application; decision: 'accept' | 'reject' } | null>(null);

  return (
    <div className="stack">
      <TabBar variant="segmented" role="group" aria-label={t('manage.apps.filter')}>
        {(['PENDING', 'ALL'] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(0);
            }}
          >
            {t(`manage.apps.filter${f}`)}
          </button>
        ))}
      </TabBar>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title={filter === 'PENDING' ? t('manage.apps.emptyPending') : t('manage.apps.empty')} />
      ) : (
        <ul className="st-apps">
          {list.data.content.map((a) => (
            <li key={a.applicationId} className="st-app card">
              <div className="st-app__head">
                <Avatar name={a.applicant.name} src={a.applicant.profileImage} size={36} />
                <div>
                  <p className="st-app__name" data-user-content="">
                    {a.applicant.name}
                  </p>
                  <p className="muted st-app__date">{t('manage.apps.appliedAt', { date: formatDateTime(a.appliedAt, locale) })}</p>
                </div>
                <span className={`badge st-app-status st-app-status--${a.status}`}>{t(`appStatus.${a.status}`)}</span>
              </div>
              <div className="st-app__body">
                <p className="st-app__label">{t('apply.motivation')}</p>
                <p className="st-app__text" data-user-content="">
                  {a.motivation}
                </p>
                {a.answers.map((ans) => (
                  <div key={ans.questionId}>
                    <p className="st-app__label" data-user-content="">
                      {ans.question}
                    </p>
                    <p className="st-app__text" data-user-content="">
                      {ans.answer || '—'}
                    </p>
                  </div>
                ))}
                {a.reviewNote && (
                  <p className="st-app__note">
                    {t('manage.apps.note')}: {a.reviewNote}
                  </p>
                )}
              </div>
              {a.status === 'PENDING' && !study.deleted && (
                <div className="st-app__actions">
                  <button type="button" className="btn btn-secondary" onClick={() => setDialog({ app: a, decision: 'reject' })}>
                    {t('manage.apps.reject')}
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => setDialog({ app: a, decision: 'accept' })}>
                    {t('manage.apps.accept')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={list.data.number} totalPages={list.data.totalPages} onPage={setPage} />}
      <ConfirmDialog
        open={!!dialog}
        title={
          dialog?.decision === 'reject'
            ? t('manage.apps.rejectTitle', { name: dialog.app.applicant.name })
            : t('manage.apps.acceptTitle', { name: dialog?.app.applicant.name ?? '' })
        }
        body={
          dialog?.decision === 'reject'
            ? t('manage.apps.rejectBody')
            : study.costType !== 'FREE'
              ? t('manage.apps.acceptPaid')
              : t('manage.apps.acceptBody', { name: dialog?.app.applicant.name ?? '' })
        }
        notice={
          dialog?.decision === 'reject'
            ? t('manage.apps.rejectNotice', { name: dialog.app.applicant.name })
            : t('manage.apps.acceptNotice', { name: dialog?.app.applicant.name ?? '' })
        }
        note={
          dialog?.decision === 'reject'
            ? {
                label: t('manage.apps.rejectReason'),
                hint: t('manage.apps.rejectHint'),
                required: true,
                maxLength: 1000,
                missingMessage: t('validation.reasonRequired'),
              }
            : { label: t('manage.apps.acceptNote'), maxLength: 1000, missingMessage: '' }
        }
        tone={dialog?.decision === 'reject' ? 'danger' : 'primary'}
        confirmLabel={dialog?.decision === 'reject' ? t('manage.apps.rejectConfirm') : t('manage.apps.acceptConfirm')}
        pending={decide.isPending}
        error={decide.error}
        onClose={() => {
          setDialog(null);
          decide.reset();
        }}
        onConfirm={(note) =>
          dialog &&
          decide.mutate(
            { applicationId: dialog.app.applicationId, decision: dialog.decision, reviewNote: note || undefined },
            { onSuccess: () => setDialog(null) },
          )
        }
      />
    </div>
  );
}
