/**
 * The boards next to the game: the global top 10 and the players around me (±5, SPEC §9),
 * all-time or this week, with my rank of the total. "Around me" never repeats the top rows
 * (boards/around-me.ts); "no records yet" shows only when the board itself is empty.
 */
import type { GameTypeCodeValue, Leaderboard, LeaderboardPeriod } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Avatar } from '../../../shared/ui/avatar';
import { TabBar } from '../../../shared/ui/tab-bar';
import { useAroundMe, useGlobalLeaderboard } from '../api';
import { formatCount } from '../../../shared/lib/format-count';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { aroundView } from '../boards/around-me';

function BoardTable({ entries, meId, caption }: { entries: Leaderboard['entries']; meId: string | null; caption: string }) {
  const { t } = useTranslation('games');
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
        {entries.map((e) => {
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
      {signedIn && myRank && (
        <p className="board-myrank" data-testid="my-rank">
          {t('boards.myRank', { rank: formatCount(myRank.rank), total: formatCount(myRank.totalPlayers) })}
        </p>
      )}
      <h3 className="board-subtitle">{t('boards.top', { count: 10 })}</h3>
      {global.isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : global.isError ? (
        <ErrorMessage title={t('boards.error')} error={global.error} onRetry={() => void global.refetch()} />
      ) : global.data && global.data.entries.length > 0 ? (
        <BoardTable entries={global.data.entries} meId={meId} caption={t('boards.top', { count: 10 })} />
      ) : global.data ? (
        <p className="muted board-empty" data-testid="board-empty">
          {t('boards.empty')}
        </p>
      ) : null}
      {signedIn && (
        <>
          <h3 className="board-subtitle">{t('boards.aroundMe')}</h3>
          {around.isLoading ? (
            <p className="muted">{t('loading')}</p>
          ) : around.isError ? (
            <ErrorMessage title={t('boards.error')} error={around.error} onRetry={() => void around.refetch()} />
          ) : around.data ? (
            <AroundMe view={aroundView(global.data, around.data, meId)} meId={meId} />
          ) : null}
        </>
      )}
    </section>
  );
}

function AroundMe({ view, meId }: { view: ReturnType<typeof aroundView>; meId: string }) {
  const { t } = useTranslation('games');
  if (view.kind === 'unranked')
    return (
      <p className="muted board-empty" data-testid="around-me-note">
        {t('boards.aroundMeEmpty')}
      </p>
    );
  if (view.kind === 'inTop')
    return (
      <p className="muted board-empty" data-testid="around-me-note">
        {t('boards.inTop', { rank: formatCount(view.rank), count: 10 })}
      </p>
    );
  return <BoardTable entries={view.entries} meId={meId} caption={t('boards.aroundMe')} />;
}
