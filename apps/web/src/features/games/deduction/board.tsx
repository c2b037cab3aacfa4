/**
 * The board of a game in progress: whose turn it is (turn order, round, timer), the keyword
 * grid for the seat playing on this device, the guess button, reveals, and the history.
 */
import { ANSWER_REVEAL_COST, revealLimits, WRONG_REVEAL_COST, type DeductionView } from '@moim/games';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { GuessHistory, seatLabel } from './history';
import { KeywordGrid, type Note } from './keyword-grid';
import './board.css';

interface Props {
  view: DeductionView;
  /** The seat this device shows (the active person, or the last person while others play). */
  seat: number | null;
  myTurn: boolean;
  busy: boolean;
  turnStartedAt: number;
  notes: Record<number, Note>;
  english: boolean;
  onNote: (i: number) => void;
  onGuess: (guess: number[]) => void;
  onReveal: (kind: 'ANSWER' | 'WRONG') => void;
  onTimeout: () => void;
  status: string;
}

function useRemaining(turnStartedAt: number, seconds: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [running]);
  return Math.max(0, seconds * 1000 - (now - turnStartedAt));
}

export function Board({ view, seat, myTurn, busy, turnStartedAt, notes, english, onNote, onGuess, onReveal, onTimeout, status }: Props) {
  const { t } = useTranslation('deduction');
  // The selection belongs to a turn: a new turn starts with none.
  const [selection, setSelection] = useState<{ turn: number; keys: Set<number> }>({ turn: view.turn, keys: new Set() });
  const selected = selection.turn === view.turn ? selection.keys : new Set<number>();
  const setSelected = (next: Set<number> | ((s: Set<number>) => Set<number>)) =>
    setSelection((cur) => {
      const base = cur.turn === view.turn ? cur.keys : new Set<number>();
      return { turn: view.turn, keys: typeof next === 'function' ? next(base) : next };
    });
  const [noteMode, setNoteMode] = useState(false);
  const k = view.settings.answerCount;
  const remaining = useRemaining(turnStartedAt, view.settings.turnSeconds, myTurn && !busy);
  const mine = seat === null ? undefined : view.mine.find((m) => m.seat === seat);
  const limits = revealLimits(view.settings);

  useEffect(() => {
    if (myTurn && !busy && remaining === 0) onTimeout();
  }, [myTurn, busy, remaining, onTimeout]);

  const toggle = (i: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(i)) n.delete(i);
      else if (n.size < k) n.add(i);
      return n;
    });
  const order = view.seats.map((_, i) => (view.firstSeat + i) % view.seats.length);
  const secs = Math.ceil(remaining / 1000);

  return (
    <section className="ded-board" aria-labelledby="ded-board-title">
      <h2 id="ded-board-title" className="visually-hidden">
        {t('board.title')}
      </h2>
      <div className="ded-turnbar card">
        <p className="ded-turnbar__round" data-testid="ded-round">
          {view.turnLimit === null
            ? t('board.roundFree', { round: view.round })
            : t('board.round', { round: view.round, max: view.settings.maxRounds })}
        </p>
        <ol className="ded-order" aria-label={t('board.order')}>
          {order.map((s) => (
            <li
              key={s}
              className={s === view.activeSeat ? 'is-active' : undefined}
              aria-current={s === view.activeSeat ? 'true' : undefined}
            >
              {seatLabel(view, s, t)}
            </li>
          ))}
        </ol>
        {myTurn && (
          <p
            className={`ded-timer${secs <= 10 ? ' is-low' : ''}`}
            role="timer"
            aria-live={secs <= 10 ? 'polite' : 'off'}
            data-testid="ded-timer"
          >
            {t('board.timer', { secs })}
          </p>
        )}
      </div>
      <p className="ded-status" role="status" aria-live="polite" data-testid="ded-status">
        {status}
      </p>
      <div className="ded-board__main">
        <div className="ded-board__grid">
          <div className="ded-tools row">
            <div className="segmented" role="group" aria-label={t('board.clickMode')}>
              <button
                type="button"
                aria-pressed={!noteMode}
                className={!noteMode ? 'is-active' : undefined}
                onClick={() => setNoteMode(false)}
              >
                {t('board.modeSelect')}
              </button>
              <button
                type="button"
                aria-pressed={noteMode}
                className={noteMode ? 'is-active' : undefined}
                onClick={() => setNoteMode(true)}
              >
                {t('board.modeNote')}
              </button>
            </div>
            <span className="muted ded-tools__help">{t('board.keys')}</span>
          </div>
          <KeywordGrid
            view={view}
            seat={seat}
            selected={selected}
            notes={notes}
            disabled={!myTurn || busy}
            noteMode={noteMode}
            onToggle={toggle}
            onNote={onNote}
            english={english}
          />
          {myTurn && (
            <div className="ded-actions row">
              <span className="ded-count" data-testid="ded-selected-count">
                {t('board.selectedCount', { n: selected.size, k })}
              </span>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy || selected.size !== k}
                onClick={() => onGuess([...selected].sort((a, b) => a - b))}
                data-testid="ded-guess"
              >
                {t('board.guess')}
              </button>
              <button type="button" className="btn btn-ghost" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
                {t('board.clear')}
              </button>
            </div>
          )}
        </div>
        <aside className="ded-board__side">
          {mine && (
            <section className="card ded-mine" aria-labelledby="ded-mine-title">
              <h3 id="ded-mine-title">{t('board.myHints', { name: seatLabel(view, mine.seat, t) })}</h3>
              <p className="ded-hints">{mine.hints.map((i) => (english ? view.keywords[i]!.en : view.keywords[i]!.ko)).join(', ')}</p>
              {myTurn && (
                <div className="ded-reveals">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy || mine.answerReveals.length >= limits.ANSWER}
                    onClick={() => onReveal('ANSWER')}
                    data-testid="ded-reveal-answer"
                  >
                    {t('board.revealAnswer', { cost: ANSWER_REVEAL_COST, left: limits.ANSWER - mine.answerReveals.length })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy || mine.wrongReveals.length >= limits.WRONG}
                    onClick={() => onReveal('WRONG')}
                    data-testid="ded-reveal-wrong"
                  >
                    {t('board.revealWrong', { cost: WRONG_REVEAL_COST, left: limits.WRONG - mine.wrongReveals.length })}
                  </button>
                  <p className="muted">{t('board.revealNote')}</p>
                </div>
              )}
            </section>
          )}
          <section className="card" aria-labelledby="ded-history-title">
            <h3 id="ded-history-title">{t('history.title')}</h3>
            <GuessHistory view={view} english={english} />
          </section>
        </aside>
      </div>
    </section>
  );
}
