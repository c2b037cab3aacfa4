/**
 * The deduction boards: top 10 and around me, all-time or this week, overall or per difficulty.
 * "Around me" never repeats the top rows (../boards/around-me.ts); "no records yet" shows only
 * when the board itself is empty.
 */
import type { DeductionPresetValue, Leaderboard, LeaderboardPeriod } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Avatar } from '../../../shared/ui/avatar';
import { TabBar } from '../../../shared/ui/tab-bar';
import { aroundQuery, boardQuery } from './api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { aroundView } from '../boards/around-me';
import './boards-panel.css';

const DIFFICULTIES: (DeductionPresetValue | null)[] = [null, 'BEGINNER', 'INTERMEDIATE', 'ADVANCED'];

function Rows({ entries, meId }: { entries: Leaderboard['entries']; meId: string | null }) {
  const { t } = useTranslation('deduction');
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
        {entries.map((e) => (
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
          {meId && top.data.userRank && (
            <p className="board-myrank">{t('boards.myRank', { rank: top.data.userRank.rank, total: top.data.userRank.totalPlayers })}</p>
          )}
          {top.data.entries.length > 0 ? (
            <Rows entries={top.data.entries} meId={meId} />
          ) : (
            <p className="muted" data-testid="ded-board-empty">
              {t('boards.empty')}
            </p>
          )}
        </>
      ) : null}
      {meId && around.data && (
        <>
          <h3 className="board-subtitle">{t('boards.aroundMe')}</h3>
          <AroundMe view={aroundView(top.data, around.data, meId)} meId={meId} />
        </>
      )}
    </section>
  );
}

function AroundMe({ view, meId }: { view: ReturnType<typeof aroundView>; meId: string }) {
  const { t } = useTranslation('deduction');
  if (view.kind === 'rows') return <Rows entries={view.entries} meId={meId} />;
  return (
    <p className="muted" data-testid="ded-around-note">
      {view.kind === 'inTop' ? t('boards.inTop', { rank: view.rank, count: 10 }) : t('boards.unranked')}
    </p>
  );
}
