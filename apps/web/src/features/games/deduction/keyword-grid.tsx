/**
 * The keyword grid: every keyword a toggle button (selected for the guess), with what the
 * player at this seat knows marked on it (own hint, wrong for everyone, wrong by an own guess,
 * revealed answer or wrong keyword) and the player's own notes (● maybe an answer, ✕ ruled
 * out). Arrow keys move between keywords, Enter/Space selects, M cycles the note; every
 * button says all of that to a screen reader.
 */
import type { DeductionView } from '@moim/games';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import './keyword-grid.css';

export type Note = 'A' | 'W';
export type KnownMark = 'hint' | 'global' | 'zero' | 'revealedAnswer' | 'revealedWrong';

export function knownMarks(view: DeductionView, seat: number | null): Map<number, KnownMark> {
  const marks = new Map<number, KnownMark>();
  if (view.settings.globalHint) for (const i of view.globalWrong) marks.set(i, 'global');
  const mine = seat === null ? undefined : view.mine.find((m) => m.seat === seat);
  if (mine) {
    for (const h of view.history)
      if (h.seat === seat && h.correct === 0 && h.guess) for (const i of h.guess) if (!marks.has(i)) marks.set(i, 'zero');
    for (const i of mine.hints) marks.set(i, 'hint');
    for (const i of mine.wrongReveals) marks.set(i, 'revealedWrong');
    for (const i of mine.answerReveals) marks.set(i, 'revealedAnswer');
  }
  if (view.outcome) for (const i of view.outcome.answers) marks.set(i, 'revealedAnswer');
  return marks;
}

interface Props {
  view: DeductionView;
  seat: number | null;
  selected: ReadonlySet<number>;
  notes: Readonly<Record<number, Note>>;
  disabled: boolean;
  noteMode: boolean;
  onToggle: (i: number) => void;
  onNote: (i: number) => void;
  english: boolean;
}

export function KeywordGrid({ view, seat, selected, notes, disabled, noteMode, onToggle, onNote, english }: Props) {
  const { t } = useTranslation('deduction');
  const marks = knownMarks(view, seat);
  const ref = useRef<HTMLDivElement>(null);
  const cols = () => {
    const el = ref.current;
    if (!el) return 5;
    return getComputedStyle(el).gridTemplateColumns.split(' ').length || 5;
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const n = view.keywords.length;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols(), ArrowUp: -cols(), Home: -i, End: n - 1 - i }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const next = Math.min(n - 1, Math.max(0, i + step));
      ref.current?.querySelector<HTMLButtonElement>(`[data-index="${next}"]`)?.focus();
    } else if (e.key === 'm' || e.key === 'M') {
      e.preventDefault();
      onNote(i);
    }
  };
  return (
    <div
      className="ded-grid"
      role="group"
      aria-label={t('board.gridLabel', { count: view.settings.answerCount })}
      ref={ref}
      data-testid="ded-grid"
    >
      {view.keywords.map((k, i) => {
        const mark = marks.get(i);
        const note = notes[i];
        const isSelected = selected.has(i);
        const label = [
          english ? `${k.en} (${k.ko})` : k.ko,
          isSelected ? t('board.selected') : null,
          mark ? t(`marks.${mark}`) : null,
          note ? t(`notes.${note}`) : null,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <button
            key={i}
            type="button"
            className={`ded-key${isSelected ? ' is-selected' : ''}${mark ? ` is-${mark}` : ''}${note ? ` has-note-${note}` : ''}`}
            aria-pressed={isSelected}
            aria-label={label}
            tabIndex={i === 0 ? 0 : -1}
            data-index={i}
            data-mark={mark ?? ''}
            data-testid={`ded-key-${i}`}
            disabled={disabled && !noteMode}
            onClick={() => (noteMode ? onNote(i) : onToggle(i))}
            onContextMenu={(e) => {
              e.preventDefault();
              onNote(i);
            }}
            onKeyDown={(e) => onKey(e, i)}
          >
            <span className="ded-key__word">{english ? k.en : k.ko}</span>
            {english && <span className="ded-key__sub">{k.ko}</span>}
            {(mark || note) && (
              <span className="ded-key__mark" aria-hidden="true">
                {mark === 'revealedAnswer' ? '★' : mark ? '✕' : note === 'A' ? '●' : '✕'}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
