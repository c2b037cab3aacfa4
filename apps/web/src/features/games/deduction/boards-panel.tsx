/** The deduction boards: top 10 and around me, all-time or this week, overall or per difficulty. */
import type { DeductionPresetValue, Leaderboard, LeaderboardPeriod } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../shared/ui/avatar';
import { TabBar } from '../../../shared/ui/tab-bar';
import { aroundQuery, boardQuery } from './api';
import { ErrorMessage } from '../../../shared/ui/error-message';

const DIFFICULTIES: (DeductionPresetValue | null)[] = [null, 'BEGINNER', 'INTERMEDIATE', 'ADVANCED'];

function Rows({ board, meId }: { board: Leaderboard; meId: string | null }) {
  const { t } = useTranslation('deduction');
  if (board.entries.length === 0) return <p className="muted">{t('boards.empty')}</p>;
  return (
    <table className="board-table">
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
        {board.entries.map((e) => (
          <tr key={e.userId} className={e.userId === meId ? 'is-me' : undefined} aria-current={e.userId === meId ? 'true' : undefined}>
            <td className="rank">{e.rank}</td>
            <td>
              <span className="board-player" data-user-content="">
                <Avatar name={e.name ?? '?'} src={e.profileImage} size={24} />
                <span>{e.name ?? t('boards.anonymous')}</span>
              </span>
            </td>
            <td className="num">{e.score.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BoardsPanel({ meId }: { meId: string | null }) {
  const { t } = useTranslation('deduction');
  const [period, setPeriod] = useState<LeaderboardPeriod>('ALL_TIME');
  const [difficulty, setDifficulty] = useState<DeductionPresetValue | null>(null);
  const top = useQuery(boardQuery(period, difficulty, meId !== null));
  const around = useQuery({ ...aroundQuery(period, difficulty), enabled: meId !== null });
  return (
    <section className="card ded-boards" aria-labelledby="ded-boards-title" data-testid="ded-boards">
      <h2 id="ded-boards-title">{t('boards.title')}</h2>
      <div className="row ded-boards__filters">
        <label className="field">
          <span>{t('boards.difficulty')}</span>
          <select
            value={difficulty ?? ''}
            onChange={(e) => setDifficulty((e.target.value || null) as DeductionPresetValue | null)}
            data-testid="ded-board-difficulty"
          >
            {DIFFICULTIES.map((d) => (
              <option key={d ?? 'ALL'} value={d ?? ''}>
                {d ? t(`presets.${d}`) : t('boards.allDifficulties')}
              </option>
            ))}
          </select>
        </label>
        <TabBar variant="segmented" role="group" aria-label={t('boards.period')}>
          {(['ALL_TIME', 'WEEKLY'] as const).map((p) => (
            <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {t(`boards.periods.${p}`)}
            </button>
          ))}
        </TabBar>
      </div>
      {top.isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : top.isError ? (
        <ErrorMessage title={t('boards.error')} error={top.error} onRetry={() => void top.refetch()} />
      ) : top.data ? (
        <>
          {meId && (
            <p className="board-myrank">
              {top.data.userRank
                ? t('boards.myRank', { rank: top.data.userRank.rank, total: top.data.userRank.totalPlayers })
                : t('boards.unranked')}
            </p>
          )}
          <Rows board={top.data} meId={meId} />
        </>
      ) : null}
      {meId && around.data && around.data.entries.length > 0 && (
        <>
          <h3 className="board-subtitle">{t('boards.aroundMe')}</h3>
          <Rows board={around.data} meId={meId} />
        </>
      )}
    </section>
  );
}
