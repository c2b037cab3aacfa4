import { STUDY_TRANSITIONS, nextStudyStatus, type Study, type StudyAction } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../shared/i18n';
import { toast } from '../../../../shared/toast/toast';
import { LoadingState } from '../../../../shared/ui/states';
import { useStudyStatus, useTransitions } from '../../api/manage-api';
import { usePatchStudy } from '../../api/studies-api';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { formatDateTime } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { ErrorMessage } from '../../../../shared/ui/error-message';

/** Status moves the viewer may make now (the contract's machine; the server decides again). */
export function availableActions(study: Study): StudyAction[] {
  const isAdmin = !!study.viewer?.isAdmin;
  const isLeader = !!study.viewer?.isLeader;
  return (Object.keys(STUDY_TRANSITIONS) as StudyAction[]).filter((a) => {
    const rule = STUDY_TRANSITIONS[a];
    if (rule.who === 'ADMIN' ? !isAdmin : !(isAdmin || isLeader)) return false;
    return nextStudyStatus(study.status, a, a === 'REACTIVATE' ? 'APPROVED' : null) !== null;
  });
}

export function TransitionHistory({ studyId }: { studyId: string }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const history = useTransitions(studyId);
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorMessage variant="state" error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <p className="muted">{t('manage.status.noHistory')}</p>;
  return (
    <ol className="st-history">
      {history.data.map((h) => (
        <li key={h.id} className="st-history__item">
          <span className="st-history__move">
            {h.fromStatus ? `${t(`studyStatus.${h.fromStatus}`)} → ` : ''}
            <strong>{t(`studyStatus.${h.toStatus}`)}</strong>
          </span>
          <span className="muted">
            {formatDateTime(h.createdAt, locale)}
            {h.actor ? ' · ' : ''}
            {h.actor && <span data-user-content="">{h.actor.name}</span>}
          </span>
          {h.reason && (
            <span className="st-history__reason" data-user-content="">
              {h.reason}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function StatusPanel({ study }: { study: Study }) {
  const { t } = useTranslation('studies');
  const status = useStudyStatus(study.id);
  const patch = usePatchStudy(study.id);
  const [action, setAction] = useState<StudyAction | null>(null);
  const actions = availableActions(study);
  const recruiting = study.isRecruiting === null ? 'auto' : study.isRecruiting ? 'open' : 'closed';

  return (
    <div className="st-status-layout">
      <section className="card stack" aria-labelledby="status-now">
        <h2 id="status-now" className="st-subtitle">
          {t('manage.status.current')}: {t(`studyStatus.${study.status}`)}
        </h2>
        <p className="muted">{t(`manage.status.explain.${study.status}`)}</p>
        {actions.length > 0 ? (
          <div className="row">
            {actions.map((a) => (
              <button
                key={a}
                type="button"
                className={`btn ${a === 'TERMINATE' || a === 'REJECT' ? 'btn-secondary st-danger-text' : 'btn-primary'}`}
                onClick={() => setAction(a)}
              >
                {t(`manage.status.actions.${a}`)}
              </button>
            ))}
          </div>
        ) : (
          <p className="muted">{t('manage.status.noActions')}</p>
        )}
        {study.status === 'IN_PROGRESS' && (
          <label className="field">
            <span className="field__label">{t('manage.status.recruiting')}</span>
            <select
              value={recruiting}
              disabled={patch.isPending}
              onChange={(e) =>
                patch.mutate(
                  { isRecruiting: e.target.value === 'auto' ? null : e.target.value === 'open' },
                  { onSuccess: () => toast.success(t('manage.status.saved')) },
                )
              }
            >
              <option value="auto">{t('manage.status.recruitingAuto')}</option>
              <option value="open">{t('manage.status.recruitingOpen')}</option>
              <option value="closed">{t('manage.status.recruitingClosed')}</option>
            </select>
          </label>
        )}
        <ErrorMessage error={patch.error} />
      </section>
      <section className="card" aria-labelledby="status-history">
        <h2 id="status-history" className="st-subtitle">
          {t('manage.status.history')}
        </h2>
        <TransitionHistory studyId={study.id} />
      </section>
      <ConfirmDialog
        open={action !== null}
        title={action ? t(`manage.status.confirm.${action}`) : ''}
        body={action ? t(`manage.status.confirmDesc.${action}`) : undefined}
        notice={action ? t(`manage.status.notice.${action}`, { leader: study.leader.name }) : undefined}
        note={{
          label: t('manage.status.reason'),
          required: action ? STUDY_TRANSITIONS[action].reasonRequired : false,
          maxLength: 1000,
          missingMessage: t('validation.reasonRequired'),
        }}
        tone={action === 'TERMINATE' || action === 'REJECT' ? 'danger' : 'primary'}
        confirmLabel={action ? t(`manage.status.actions.${action}`) : ''}
        pending={status.isPending}
        error={status.error}
        onClose={() => {
          setAction(null);
          status.reset();
        }}
        onConfirm={(reason) =>
          action &&
          status.mutate(
            { action, reason: reason || undefined },
            {
              onSuccess: () => {
                toast.success(t('manage.status.done'));
                setAction(null);
              },
            },
          )
        }
      />
    </div>
  );
}
