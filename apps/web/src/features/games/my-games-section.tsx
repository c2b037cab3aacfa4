/**
 * "My games" on /users/me: the online deduction rating (Glicko-2, rated games between people:
 * docs/deduction.md "Online rooms") and, per game, what the boards know of me (best score, all-time
 * rank, games played). Placed through the shell's `profileSections` slot.
 */
import type { GameStatsSummary, PlayerRating } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { formatCount } from '../../shared/lib/format-count';
import { ErrorMessage } from '../../shared/ui/error-message';
import { LoadingState } from '../../shared/ui/states';
import { useMyStats } from './api';
import { userRatingQuery } from './deduction/rooms-api';
import './my-games.css';

const GAME_PAGES = { TETRIS: '/lab/tetris', DEDUCTION: '/lab/deduction-game' } as const;

export default function MyGamesSection() {
  const { t } = useTranslation('games');
  const { user, isAuthenticated } = useAuth();
  const stats = useMyStats(isAuthenticated);
  const rating = useQuery({ ...userRatingQuery(user?.id ?? ''), enabled: Boolean(user?.id) });

  return (
    <section id="my-games" className="card gm-my" aria-labelledby="my-games-title">
      <div className="gm-my__head">
        <h2 id="my-games-title">{t('my.title')}</h2>
        <Link to="/lab" className="btn btn-ghost">
          {t('my.lab')}
        </Link>
      </div>
      <div className="gm-my__rating" data-testid="my-games-rating">
        <h3>{t('my.ratingTitle')}</h3>
        {rating.isPending ? (
          <LoadingState />
        ) : rating.isError ? (
          <ErrorMessage error={rating.error} onRetry={() => void rating.refetch()} />
        ) : (
          <Rating value={rating.data.rating} />
        )}
      </div>
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <ul className="gm-my__games">
          {stats.data.games.map((g) => (
            <GameRow key={g.gameType} game={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Rating({ value }: { value: PlayerRating | null }) {
  const { t } = useTranslation('games');
  if (!value)
    return (
      <p className="muted">
        {t('my.noRating')} <Link to="/lab/deduction-game/rooms">{t('my.rooms')}</Link>
      </p>
    );
  return (
    <p>
      <strong className="gm-my__figure">{formatCount(Math.round(value.rating))}</strong>{' '}
      {t('my.ratingDetail', { rd: Math.round(value.deviation), games: formatCount(value.games) })}
      {value.provisional ? ` · ${t('my.provisional')}` : ''} · <Link to="/lab/deduction-game/rooms">{t('my.board')}</Link>
    </p>
  );
}

function GameRow({ game }: { game: GameStatsSummary }) {
  const { t } = useTranslation('games');
  return (
    <li className="gm-my__game">
      <Link to={GAME_PAGES[game.gameType]} className="gm-my__name">
        {t(`my.games.${game.gameType}`)}
      </Link>
      {game.gamesPlayed === 0 ? (
        <span className="muted">{t('my.notPlayed')}</span>
      ) : (
        <dl className="gm-my__facts">
          <div>
            <dt>{t('stats.best')}</dt>
            <dd>{game.bestScore !== null ? formatCount(game.bestScore) : '–'}</dd>
          </div>
          <div>
            <dt>{t('stats.rank')}</dt>
            <dd>
              {game.rank ? t('stats.rankOf', { rank: formatCount(game.rank.rank), total: formatCount(game.rank.totalPlayers) }) : '–'}
            </dd>
          </div>
          <div>
            <dt>{t('stats.played')}</dt>
            <dd>{formatCount(game.gamesPlayed)}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}
