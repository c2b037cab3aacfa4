/** History of draws (replayable from their seeds), per-participant statistics with a chart, and the fairness check. */
import { replaysTo } from '@moim/games';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast/toast';
import type { ArenaPerson } from './draw-run';
import { FairnessCheck } from './fairness-check';
import { StatsChart } from './stats-chart';
import type { HistoryRecord, useArenaHistory } from './use-arena-history';
import { TabBar } from '../../../shared/ui/tab-bar';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';

type Tab = 'history' | 'stats' | 'fair';

export function HistoryPanel({
  history,
  pool,
  onReplay,
}: {
  history: ReturnType<typeof useArenaHistory>;
  pool: readonly ArenaPerson[];
  onReplay: (r: HistoryRecord) => void;
}) {
  const { t, i18n } = useTranslation('lab');
  const id = useId();
  const [tab, setTab] = useState<Tab>('history');
  const when = new Intl.DateTimeFormat(i18n.language.startsWith('en') ? 'en' : 'ko-KR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Seoul',
  });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`} data-testid="arena-history">
      <div className="arena-history__head">
        <h2 id={`${id}-title`}>{t('arena.history.title')}</h2>
        {/* the prerendered page says "in this browser": not to a signed-in visitor before the take-over */}
        <span className={`muted field-help${history.source === 'browser' ? ' guest-only' : ''}`}>
          {t(`arena.history.source.${history.source}`)}
        </span>
      </div>
      <TabBar role="tablist" aria-label={t('arena.history.title')}>
        {(['history', 'stats', 'fair'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${id}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(k)}
          >
            {t(`arena.history.tabs.${k}`)}
          </button>
        ))}
      </TabBar>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`} className="stack">
        {tab === 'history' && (
          <>
            {history.localCount > 0 && (
              <p className="lab-notice">
                {t('arena.history.localWaiting', { count: history.localCount })}{' '}
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={async () => {
                    try {
                      toast.success(t('arena.history.imported', { count: await history.importLocal() }));
                    } catch (err) {
                      toast.error(errorText(err));
                    }
                  }}
                >
                  {t('arena.history.import')}
                </button>
              </p>
            )}
            {history.loading && <p className="muted">{t('loading')}</p>}
            <ErrorMessage error={history.error} onRetry={history.retry} />
            {!history.loading && history.records.length === 0 && <p className="muted">{t('arena.history.empty')}</p>}
            <ol className="arena-history" data-testid="history-list">
              {history.records.map((r) => (
                <li key={r.clientId} className="arena-history__item" data-testid="history-item">
                  <div className="arena-history__meta">
                    <span>{when.format(new Date(r.playedAt))}</span>
                    <span>
                      {t(`arena.games.${r.game}.title`)}
                      {r.mode ? ` · ${t(`arena.modes.${r.mode}.title`)}` : ''}
                    </span>
                    <span>{t('arena.history.pool', { count: r.entries.length })}</span>
                  </div>
                  <p className="arena-history__winners">
                    {r.winners.map((w, i) => (
                      <span key={`${w}-${i}`} className="arena-medal">
                        {i + 1}. {w}
                      </span>
                    ))}
                  </p>
                  <div className="arena-history__meta">
                    <span>
                      {t('arena.seedLabel')} <code>{r.seed}</code>{' '}
                      {replaysTo({ ...r, entries: r.entries.map((e) => ({ name: e.name, weight: e.weight ?? 1 })) }) && (
                        <span title={t('arena.history.verifiedTitle')}>✓ {t('arena.history.verified')}</span>
                      )}
                    </span>
                    <button type="button" className="btn btn-ghost" onClick={() => onReplay(r)}>
                      {t('arena.history.replay')}
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            {history.records.length > 0 && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={async () => {
                  if (!window.confirm(t('arena.history.confirmClear'))) return;
                  await history.clear().catch((err: Error) => toast.error(errorText(err)));
                }}
              >
                {t('arena.history.clear')}
              </button>
            )}
          </>
        )}
        {tab === 'stats' &&
          (history.stats.length ? <StatsChart rows={history.stats} /> : <p className="muted">{t('arena.history.empty')}</p>)}
        {tab === 'fair' && <FairnessCheck entries={pool} />}
      </div>
    </section>
  );
}
