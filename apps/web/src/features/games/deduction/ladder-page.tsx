/** /lab/deduction-game/ladder: bots ranked by their results against the built-in AIs over fixed games. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { ladderQuery } from './api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import './deduction.css';

export default function LadderPage() {
  const { t } = useTranslation('deduction');
  const ladder = useQuery(ladderQuery());
  return (
    <div className="ded-page container">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab/deduction-game">{t('title')}</Link>
        </p>
        <h1>{t('ladder.title')}</h1>
        <p className="muted">{t('ladder.lead', { games: ladder.data?.games ?? 12 })}</p>
      </header>
      <section className="card" aria-labelledby="ded-ladder-title" data-testid="ded-ladder">
        <h2 id="ded-ladder-title" className="visually-hidden">
          {t('ladder.title')}
        </h2>
        {ladder.isLoading ? (
          <p className="muted">{t('loading')}</p>
        ) : ladder.isError ? (
          <ErrorMessage title={t('ladder.error')} error={ladder.error} onRetry={() => void ladder.refetch()} />
        ) : ladder.data!.entries.length === 0 ? (
          <p className="muted">{t('ladder.empty')}</p>
        ) : (
          <div className="ded-scroll">
            <table className="board-table">
              <thead>
                <tr>
                  <th scope="col">{t('boards.rank')}</th>
                  <th scope="col">{t('ladder.bot')}</th>
                  <th scope="col">{t('ladder.owner')}</th>
                  <th scope="col" className="num">
                    {t('ladder.points')}
                  </th>
                  <th scope="col" className="num">
                    {t('ladder.record')}
                  </th>
                  <th scope="col" className="num">
                    {t('ladder.faults')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ladder.data!.entries.map((e) => (
                  <tr key={e.botId}>
                    <td className="rank">{e.rank}</td>
                    <td>{e.shareId ? <Link to={`/lab/deduction-game/bots/shared/${e.shareId}`}>{e.botName}</Link> : e.botName}</td>
                    <td>{e.owner.name ?? t('boards.anonymous')}</td>
                    <td className="num">{e.points}</td>
                    <td className="num">{t('ladder.wdl', { w: e.wins, d: e.draws, l: e.losses })}</td>
                    <td className="num">{e.faults}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <Link to="/lab/deduction-game/bots">{t('ladder.write')}</Link>
        </p>
      </section>
    </div>
  );
}
