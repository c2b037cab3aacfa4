/** The end of a game: who won and why, the answers, the score breakdown and what happened to the result. */
import type { GameRecordResult } from '@moim/contract';
import type { DeductionView } from '@moim/games';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { sessionErrorFallback } from '../session/game-session-manager';
import type { DriverFinal } from './driver';
import { seatLabel } from './history';
import './end-screen.css';

export type Recorded =
  | { kind: 'recorded'; record: GameRecordResult }
  | { kind: 'queued' }
  | { kind: 'guest'; isPersonalBest: boolean; highScore: number }
  | { kind: 'error'; error: unknown }
  | { kind: 'test' };

export function EndScreen({
  view,
  final,
  recorded,
  english,
  onAgain,
}: {
  view: DeductionView;
  final: DriverFinal;
  recorded: Recorded | null;
  english: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation('deduction');
  const location = useLocation();
  const outcome = view.outcome!;
  const b = final.breakdown;
  const fmt = (n: number) => n.toLocaleString();
  const factor = (h: number) => (h / 100).toFixed(2);
  return (
    <section className="card ded-end" aria-labelledby="ded-end-title" data-testid="ded-end">
      <h2 id="ded-end-title">{t(`end.standing.${b.standing}`)}</h2>
      <p>
        {outcome.reason === 'SOLVED'
          ? t('end.solved', { name: seatLabel(view, outcome.winners[0]!, t) })
          : t('end.cap', { names: outcome.winners.map((s) => seatLabel(view, s, t)).join(', ') })}
      </p>
      {outcome.candidateCounts && (
        <ul className="ded-end__counts">
          {outcome.candidateCounts.map((c, s) => (
            <li key={s}>{t('end.candidates', { name: seatLabel(view, s, t), count: c.toLocaleString() })}</li>
          ))}
        </ul>
      )}
      <p>
        {t('end.answers')}:{' '}
        <strong data-testid="ded-answers">
          {outcome.answers.map((i) => (english ? view.keywords[i]!.en : view.keywords[i]!.ko)).join(', ')}
        </strong>
      </p>
      <p className="ded-end__score" data-testid="ded-score">
        {fmt(final.result.score)}
      </p>
      <table className="ded-breakdown">
        <caption>{t('end.breakdown')}</caption>
        <tbody>
          {b.standing === 'WON' ? (
            <>
              <tr>
                <th scope="row">{t('end.base')}</th>
                <td className="num">{fmt(b.base)}</td>
              </tr>
              <tr>
                <th scope="row">{t('end.turnBonus', { n: final.result.guessesCount as number })}</th>
                <td className="num">+{fmt(b.turnBonus)}</td>
              </tr>
              <tr>
                <th scope="row">{t('end.timeBonus', { s: final.result.timeElapsedSeconds as number })}</th>
                <td className="num">+{fmt(b.timeBonus)}</td>
              </tr>
              <tr>
                <th scope="row">{t('end.revealCost')}</th>
                <td className="num">−{fmt(b.revealCost)}</td>
              </tr>
              <tr>
                <th scope="row">{t('end.multiplier')}</th>
                <td className="num">{t('end.factors', { d: factor(b.difficultyFactor), o: factor(b.opponentFactor) })}</td>
              </tr>
            </>
          ) : (
            <>
              <tr>
                <th scope="row">{t('end.base')}</th>
                <td className="num">{fmt(b.base)}</td>
              </tr>
              <tr>
                <th scope="row">{t('end.progress')}</th>
                <td className="num">+{fmt(b.progressPoints)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
      {recorded?.kind === 'recorded' && (
        <p data-testid="ded-recorded">
          <span className="badge badge--ok">{t('end.verified')}</span>{' '}
          {recorded.record.isPersonalBest && <span className="badge badge--best">{t('end.personalBest')}</span>}{' '}
          {recorded.record.rank
            ? t('end.rank', { rank: recorded.record.rank.rank, total: recorded.record.rank.totalPlayers })
            : final.ranked
              ? null
              : t('end.unranked')}
        </p>
      )}
      {recorded?.kind === 'queued' && <p role="status">{t('end.queued')}</p>}
      {recorded?.kind === 'guest' && (
        <p>
          {t('end.guest', { best: fmt(recorded.highScore) })}{' '}
          <Link to="/login" state={{ from: location }}>
            {t('end.login')}
          </Link>
        </p>
      )}
      {recorded?.kind === 'error' && <ErrorMessage error={recorded.error} fallback={sessionErrorFallback(recorded.error)} />}
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={onAgain} data-testid="ded-again">
          {t('end.again')}
        </button>
      </div>
    </section>
  );
}
