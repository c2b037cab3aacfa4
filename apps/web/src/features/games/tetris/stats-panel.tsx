/**
 * My Tetris statistics with the score history chart; for a guest, this browser's games and
 * an invitation to log in (guest scores join the account's history, not the boards).
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useMyGameStats } from '../api';
import { readGuestHistory, readTetrisHighScore } from '../session/storage';
import { ScoreChart } from './score-chart';
import { formatCount } from '../../../shared/lib/format-count';
import { ErrorMessage } from '../../../shared/ui/error-message';

function duration(seconds: number, t: (k: string, o?: Record<string, unknown>) => string) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? t('stats.hoursMinutes', { h, m }) : t('stats.minutes', { m, s: seconds % 60 });
}

export function GuestBanner() {
  const { t } = useTranslation('games');
  const location = useLocation();
  return (
    <aside className="guest-banner" aria-labelledby="guest-banner-title" data-testid="guest-banner">
      <div>
        <p id="guest-banner-title" className="guest-banner__title">
          {t('guest.title')}
        </p>
        <p className="muted">{t('guest.body')}</p>
      </div>
      <Link to="/login" state={{ from: location }} className="btn btn-primary">
        {t('guest.login')}
      </Link>
    </aside>
  );
}

export function StatsPanel({ signedIn, refreshKey }: { signedIn: boolean; refreshKey: number }) {
  const { t, i18n } = useTranslation('games');
  const stats = useMyGameStats('TETRIS', signedIn);
  const fmtDate = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'en' ? 'en' : 'ko', { month: 'short', day: 'numeric' });

  if (!signedIn) {
    void refreshKey; // re-read local storage when a guest game ends
    const history = readGuestHistory().filter((h) => h.gameType === 'TETRIS');
    const best = readTetrisHighScore();
    return (
      <section className="card stats-panel" aria-labelledby="stats-title" data-testid="my-stats">
        <h2 id="stats-title">{t('stats.guestTitle')}</h2>
        <dl className="stats-grid">
          <div>
            <dt>{t('stats.best')}</dt>
            <dd>{formatCount(best)}</dd>
          </div>
          <div>
            <dt>{t('stats.played')}</dt>
            <dd>{history.length}</dd>
          </div>
        </dl>
        <ScoreChart
          title={t('stats.chartTitle')}
          points={[...history].reverse().map((h) => ({ score: h.score, label: fmtDate(h.playedAt), highlight: h.score === best }))}
        />
      </section>
    );
  }

  const s = stats.data;
  return (
    <section className="card stats-panel" aria-labelledby="stats-title" data-testid="my-stats">
      <h2 id="stats-title">{t('stats.title')}</h2>
      {stats.isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : stats.isError ? (
        <ErrorMessage title={t('stats.error')} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !s ? (
        <p role="alert">{t('stats.error')}</p>
      ) : (
        <>
          <dl className="stats-grid">
            <div>
              <dt>{t('stats.best')}</dt>
              <dd data-testid="stats-best">{formatCount(s.bestScore ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('stats.average')}</dt>
              <dd>{s.averageScore === null ? '–' : formatCount(Math.round(s.averageScore))}</dd>
            </div>
            <div>
              <dt>{t('stats.played')}</dt>
              <dd data-testid="stats-played">{s.gamesPlayed}</dd>
            </div>
            <div>
              <dt>{t('stats.time')}</dt>
              <dd>{duration(s.totalTimeSeconds, t)}</dd>
            </div>
            <div>
              <dt>{t('stats.totalLines')}</dt>
              <dd>{s.tetris?.totalLines ?? 0}</dd>
            </div>
            <div>
              <dt>{t('stats.maxCombo')}</dt>
              <dd>{s.tetris?.maxCombo ?? 0}</dd>
            </div>
            <div>
              <dt>{t('stats.bestLevel')}</dt>
              <dd>{s.tetris?.bestLevel ?? 0}</dd>
            </div>
            <div>
              <dt>{t('stats.rank')}</dt>
              <dd>{s.rank ? t('stats.rankOf', { rank: formatCount(s.rank.rank), total: formatCount(s.rank.totalPlayers) }) : '–'}</dd>
            </div>
          </dl>
          <ScoreChart
            title={t('stats.chartTitle')}
            points={[...s.history]
              .reverse()
              .map((h) => ({ score: h.score, label: fmtDate(h.playedAt), highlight: h.score === s.bestScore }))}
          />
          {s.history.length > 0 && (
            <details className="stats-history">
              <summary>{t('stats.historyTitle')}</summary>
              <ol data-testid="score-history">
                {s.history.map((h) => (
                  <li key={h.recordId}>
                    <span>{fmtDate(h.playedAt)}</span>
                    <strong>{formatCount(h.score)}</strong>
                    <span className="badge">
                      {h.source === 'GUEST_IMPORT' ? t('stats.fromGuest') : h.verified ? t('stats.verified') : t('stats.unverified')}
                    </span>
                  </li>
                ))}
              </ol>
            </details>
          )}
        </>
      )}
    </section>
  );
}
