/**
 * Settings → "sign-ins and sessions": the member's own sign-in history (when, how, from where,
 * on what device, the outcome) and their live sessions, the current one marked, each of which
 * they can end at once, or all but this one.
 */
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { toast } from '../../shared/toast/toast';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Pager } from '../../shared/ui/pager';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { formatDateTime } from '../../shared/lib/format';
import { useEndOtherSessions, useEndSession, useSessions, useSignIns } from './api';
import { deviceLabel } from './device';
import './security-log.css';

function SignInHistory() {
  const { t, i18n } = useTranslation('security-log');
  const [page, setPage] = useState(0);
  const signIns = useSignIns(page);
  return (
    <div className="security-block">
      <h3 id="s-sign-ins">{t('settings.signIns')}</h3>
      {signIns.isLoading ? (
        <LoadingState />
      ) : signIns.isError ? (
        <ErrorMessage variant="state" error={signIns.error} onRetry={() => void signIns.refetch()} />
      ) : !signIns.data?.content.length ? (
        <EmptyState title={t('settings.signInsEmpty')} />
      ) : (
        <>
          <ul className="security-list" aria-labelledby="s-sign-ins">
            {signIns.data.content.map((s, i) => (
              <li key={`${s.at}-${i}`} className="security-list__item">
                <div className="security-list__main">
                  <span className={`badge security-outcome security-outcome--${s.outcome}`}>{t(`outcomes.${s.outcome}`)}</span>
                  <strong>{t(`settings.methods.${s.method}`)}</strong>
                  {s.reason && <span className="muted">{t(`settings.reasons.${s.reason}`, { defaultValue: s.reason })}</span>}
                </div>
                <div className="muted security-list__meta">
                  <time dateTime={s.at}>{formatDateTime(s.at, i18n.language)}</time>
                  <span>{s.ip ?? t('settings.unknownPlace')}</span>
                  <span title={s.userAgent ?? undefined}>{deviceLabel(s.userAgent) ?? t('settings.unknownDevice')}</span>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={signIns.data.totalPages} onPage={setPage} label={t('settings.signIns')} />
        </>
      )}
    </div>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation('security-log');
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <div className="security-block">
      <h3 id="s-sessions">{t('settings.sessions')}</h3>
      <p className="muted">{t('settings.sessionsLead')}</p>
      {sessions.isLoading ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorMessage variant="state" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !sessions.data?.length ? (
        <EmptyState title={t('settings.sessionsEmpty')} />
      ) : (
        <>
          <ul className="security-list" aria-labelledby="s-sessions">
            {sessions.data.map((s) => (
              <li key={s.id} className="security-list__item" data-session={s.current ? 'current' : 'other'}>
                <div className="security-list__main">
                  <strong title={s.userAgent ?? undefined}>{deviceLabel(s.userAgent) ?? t('settings.unknownDevice')}</strong>
                  {s.current && <span className="badge badge--success">{t('settings.current')}</span>}
                </div>
                <div className="muted security-list__meta">
                  <span>{t('settings.lastUsed', { when: formatDateTime(s.lastUsedAt, i18n.language) })}</span>
                  <span>{t('settings.signedInAt', { when: formatDateTime(s.createdAt, i18n.language) })}</span>
                  <span>{s.ip ?? t('settings.unknownPlace')}</span>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm security-list__action"
                  disabled={end.isPending}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () => toast.success(t('settings.ended')),
                    })
                  }
                >
                  {t('settings.end')}
                </button>
              </li>
            ))}
          </ul>
          {end.isError && <ErrorMessage error={end.error} />}
          {others > 0 && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (r) => toast.success(t('settings.endedOthers', { count: r.ended })),
                })
              }
            >
              {t('settings.endOthers')}
            </button>
          )}
          {endOthers.isError && <ErrorMessage error={endOthers.error} />}
        </>
      )}
    </div>
  );
}

export default function SecuritySection() {
  const { t } = useTranslation('security-log');
  return (
    <section className="card security-section" aria-labelledby="s-security">
      <h2 id="s-security">{t('settings.title')}</h2>
      <Sessions />
      <SignInHistory />
    </section>
  );
}
