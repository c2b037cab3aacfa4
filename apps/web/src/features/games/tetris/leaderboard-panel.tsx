/**
 * The boards next to the game: the global top 10 and the players around me (±5, SPEC §9),
 * all-time or this week, with my rank of the total.
 */
import type { GameTypeCodeValue, Leaderboard, LeaderboardPeriod } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../shared/ui/avatar';
import { TabBar } from '../../../shared/ui/tab-bar';
import { useAroundMe, useGlobalLeaderboard } from '../api';
import { formatCount } from '../../../shared/lib/format-count';
import { ErrorMessage } from '../../../shared/ui/error-message';

function BoardTable({ board, meId, caption }: { board: Leaderboard; meId: string | null; caption: string }) {
  const { t } = useTranslation('games');
  if (board.entries.length === 0) return <p className="muted board-empty">{t('boards.empty')}</p>;
  return (
    <table className="board-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('boards.rank')}</th>
          <th scope="col">{t('boards.player')}</th>
          <th scope="col" className="num">
            {t('boards.score')}
          </th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e) => {
          const me = e.userId === meId;
          return (
            <tr key={e.userId} className={me ? 'is-me' : undefined} aria-current={me ? 'true' : undefined}>
              <td className="rank">{e.rank}</td>
              <td>
                <span className="board-player" data-user-content="">
                  <Avatar name={e.name ?? '?'} src={e.profileImage} size={24} />
                  <span>{e.name ?? t('boards.anonymous')}</span>
                  {me && <span className="badge">{t('boards.me')}</span>}
                </span>
              </td>
              <td className="num">{formatCount(e.score)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function LeaderboardPanel({ gameType, meId }: { gameType: GameTypeCodeValue; meId: string | null }) {
  const { t } = useTranslation('games');
  const [period, setPeriod] = useState<LeaderboardPeriod>('ALL_TIME');
  const signedIn = meId !== null;
  const global = useGlobalLeaderboard(gameType, period, signedIn);
  const around = useAroundMe(gameType, period, signedIn);
  const myRank = global.data?.userRank ?? around.data?.userRank ?? null;
  return (
    <section className="card board-panel" aria-labelledby="boards-title" data-testid="leaderboards">
      <div className="board-panel__head">
        <h2 id="boards-title">{t('boards.title')}</h2>
        <TabBar variant="segmented" role="group" aria-label={t('boards.period')}>
          {(['ALL_TIME', 'WEEKLY'] as const).map((p) => (
            <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {t(`boards.periods.${p}`)}
            </button>
          ))}
        </TabBar>
      </div>
      {signedIn && (
        <p className="board-myrank" data-testid="my-rank">
          {myRank ? t('boards.myRank', { rank: formatCount(myRank.rank), total: formatCount(myRank.totalPlayers) }) : t('boards.unranked')}
        </p>
      )}
      <h3 className="board-subtitle">{t('boards.top', { count: 10 })}</h3>
      {global.isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : global.isError ? (
        <ErrorMessage title={t('boards.error')} error={global.error} onRetry={() => void global.refetch()} />
      ) : global.data ? (
        <BoardTable board={global.data} meId={meId} caption={t('boards.top', { count: 10 })} />
      ) : null}
      {signedIn && (
        <>
          <h3 className="board-subtitle">{t('boards.aroundMe')}</h3>
          {around.isLoading ? (
            <p className="muted">{t('loading')}</p>
          ) : around.isError ? (
            <ErrorMessage title={t('boards.error')} error={around.error} onRetry={() => void around.refetch()} />
          ) : around.data && around.data.entries.length > 0 ? (
            <BoardTable board={around.data} meId={meId} caption={t('boards.aroundMe')} />
          ) : (
            <p className="muted board-empty">{t('boards.aroundMeEmpty')}</p>
          )}
        </>
      )}
    </section>
  );
}
