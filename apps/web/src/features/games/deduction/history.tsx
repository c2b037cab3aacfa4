/** The guess history (newest first): round, who, the keywords, and the count where this device may see it. */
import type { DeductionView } from '@moim/games';
import { useTranslation } from '../../../shared/i18n';
import './history.css';

export function seatLabel(view: DeductionView, seat: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  const s = view.seats[seat]!;
  if (s.kind === 'AI') return t('seat.ai', { level: t(`ai.${s.level}`), n: seat + 1 });
  return s.name;
}

export function GuessHistory({ view, english }: { view: DeductionView; english: boolean }) {
  const { t } = useTranslation('deduction');
  const word = (i: number) => (english ? view.keywords[i]!.en : view.keywords[i]!.ko);
  if (view.history.length === 0) return <p className="muted">{t('history.empty')}</p>;
  return (
    <table className="ded-history" data-testid="ded-history">
      <caption className="visually-hidden">{t('history.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.round')}</th>
          <th scope="col">{t('history.who')}</th>
          <th scope="col">{t('history.guess')}</th>
          <th scope="col" className="num">
            {t('history.correct')}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...view.history].reverse().map((h) => (
          <tr key={h.turn} data-seat={h.seat} data-guess={h.guess?.join(',') ?? ''} data-correct={h.correct ?? ''}>
            <td>{h.round}</td>
            <td>{seatLabel(view, h.seat, t)}</td>
            <td>
              {h.kind === 'skip' ? (
                <span className="ded-skip">{t(`skip.${h.reason}`)}</span>
              ) : (
                <>
                  {h.guess!.map(word).join(', ')}
                  {h.timeout && <span className="badge">{t('history.timeout')}</span>}
                </>
              )}
            </td>
            <td className="num">
              {h.kind === 'skip' ? (
                '–'
              ) : h.correct === null ? (
                <span aria-label={t('history.hidden')}>?</span>
              ) : (
                `${h.correct}/${view.settings.answerCount}`
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
