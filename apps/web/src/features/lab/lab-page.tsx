/** /lab: the lab's games and tools, with the player's bests. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { gamesApi, gamesKeys, useMyStats } from '../games/api';
import { readTetrisHighScore } from '../games/session/storage';
import { useGameSession } from '../games/session/use-game-session';
import './lab.css';

interface Card {
  id: string;
  to: string | null;
  icon: string;
  tag: 'game' | 'tool';
}

const CARDS: Card[] = [
  { id: 'tetris', to: '/lab/tetris', icon: '▦', tag: 'game' },
  { id: 'deduction', to: '/lab/deduction-game', icon: '🔎', tag: 'game' },
  { id: 'team-shuffle', to: '/lab/team-shuffle', icon: '⇄', tag: 'tool' },
  { id: 'spotlight-arena', to: '/lab/spotlight-arena', icon: '✦', tag: 'tool' },
];

export default function LabPage() {
  const { t } = useTranslation('lab');
  const { isAuthenticated } = useAuth();
  useGameSession(); // imports guest history after login, replays queued results
  const my = useMyStats(isAuthenticated);
  const weekly = useQuery({
    queryKey: [...gamesKeys.boards('TETRIS'), 'champion'],
    queryFn: () => gamesApi.globalBoard('TETRIS', 'WEEKLY', 1),
    staleTime: 60_000,
  });
  const tetrisBest = isAuthenticated
    ? (my.data?.games.find((g) => g.gameType === 'TETRIS')?.bestScore ?? null)
    : readTetrisHighScore() || null;
  const tetrisRank = isAuthenticated ? (my.data?.games.find((g) => g.gameType === 'TETRIS')?.rank ?? null) : null;
  const champion = weekly.data?.entries[0];

  return (
    <div className="lab-page">
      <header className="lab-hero">
        <div className="container">
          <p className="lab-hero__eyebrow">LAB</p>
          <h1>{t('title')}</h1>
          <p className="lab-hero__lead">{t('lead')}</p>
        </div>
      </header>
      <div className="container">
        <ul className="lab-grid" aria-label={t('listLabel')}>
          {CARDS.map((c) => {
            const title = t(`cards.${c.id}.title`);
            const body = (
              <>
                <span className="lab-card__icon" aria-hidden="true">
                  {c.icon}
                </span>
                <span className="lab-card__tags">
                  <span className="badge">{t(`tags.${c.tag}`)}</span>
                  {!c.to && <span className="badge badge--soon">{t('soon')}</span>}
                </span>
                <h2 className="lab-card__title">{title}</h2>
                <p className="lab-card__body">{t(`cards.${c.id}.body`)}</p>
                {c.id === 'tetris' && (
                  <dl className="lab-card__facts">
                    <div>
                      <dt>{isAuthenticated ? t('myBest') : t('myBestLocal')}</dt>
                      <dd data-testid="lab-tetris-best">{tetrisBest !== null ? tetrisBest.toLocaleString() : '–'}</dd>
                    </div>
                    {tetrisRank && (
                      <div>
                        <dt>{t('myRank')}</dt>
                        <dd>{t('rankOf', { rank: tetrisRank.rank.toLocaleString(), total: tetrisRank.totalPlayers.toLocaleString() })}</dd>
                      </div>
                    )}
                    {champion && (
                      <div>
                        <dt>{t('weeklyChampion')}</dt>
                        <dd>
                          {champion.name ?? '—'} · {champion.score.toLocaleString()}
                        </dd>
                      </div>
                    )}
                  </dl>
                )}
                {c.to && (
                  <span className="lab-card__cta" aria-hidden="true">
                    {c.tag === 'game' ? t('play') : t('open')} →
                  </span>
                )}
              </>
            );
            return (
              <li key={c.id} className={`lab-card${c.to ? '' : ' lab-card--disabled'}`} data-testid={`lab-card-${c.id}`}>
                {c.to ? (
                  <Link to={c.to} className="lab-card__link">
                    {body}
                  </Link>
                ) : (
                  <div className="lab-card__link" aria-disabled="true">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
