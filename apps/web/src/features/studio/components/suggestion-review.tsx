/**
 * The analysed text with its suggestions inline (LanguageTool/Hemingway style). Each waiting
 * suggestion is a button in reading order (Tab reaches it); the card beside the text shows the
 * selected one with Accept / Ignore, and the keys A, I, N and P do the same while focus is in the
 * text or the card. Accepting applies the replacement to the draft and moves to the next one.
 */
import type { StudioSuggestion } from '@moim/contract';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { type Decision, type Decisions, nextPending, piecesOf, usableSuggestions } from '../lib/review-state';
import './suggestion-review.css';

interface Props {
  text: string;
  suggestions: readonly StudioSuggestion[];
  decisions: Decisions;
  onDecide: (id: string, decision: Decision | null) => void;
  /** accept several at once ("apply all of this kind") */
  onDecideMany?: (decisions: Record<string, Decision>) => void;
}

export function SuggestionReview({ text, suggestions, decisions, onDecide, onDecideMany }: Props) {
  const { t } = useTranslation('studio');
  const usable = useMemo(() => usableSuggestions(text, suggestions), [text, suggestions]);
  const pieces = useMemo(() => piecesOf(text, usable, decisions), [text, usable, decisions]);
  const [selectedId, setSelectedId] = useState<string | null>(() => usable[0]?.id ?? null);
  const [choice, setChoice] = useState<Record<string, number>>({});
  const textRef = useRef<HTMLDivElement>(null);
  const selected = usable.find((s) => s.id === selectedId) ?? null;
  const pending = usable.filter((s) => !decisions[s.id]).length;

  const focusMark = useCallback((id: string | null) => {
    setSelectedId(id);
    if (!id) return;
    requestAnimationFrame(() => textRef.current?.querySelector<HTMLElement>(`[data-suggestion-id=${JSON.stringify(id)}]`)?.focus());
  }, []);

  const decide = (s: StudioSuggestion, kind: 'accepted' | 'ignored') => {
    const d: Decision = kind === 'accepted' ? { kind, replacement: s.replacements[choice[s.id] ?? 0] ?? '' } : { kind };
    onDecide(s.id, d);
    // the next one waiting, or stay here (so Undo is at hand) when none is left
    focusMark(nextPending(usable, { ...decisions, [s.id]: d }, s.id)?.id ?? s.id);
  };

  const step = (dir: 1 | -1) => {
    if (usable.length === 0) return;
    const i = Math.max(
      0,
      usable.findIndex((s) => s.id === selectedId),
    );
    focusMark(usable[(i + dir + usable.length) % usable.length]!.id);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement).tagName === 'TEXTAREA') return;
    const key = e.key.toLowerCase();
    if (key === 'n') step(1);
    else if (key === 'p') step(-1);
    else if (selected && !decisions[selected.id] && key === 'a' && selected.replacements.length > 0) decide(selected, 'accepted');
    else if (selected && !decisions[selected.id] && key === 'i') decide(selected, 'ignored');
    else return;
    e.preventDefault();
  };

  // The waiting suggestions of the selected one's kind (its rule) that have a replacement.
  const sameKind = selected ? usable.filter((s) => s.rule.id === selected.rule.id && !decisions[s.id] && s.replacements.length > 0) : [];
  const acceptKind = () => {
    if (!onDecideMany || sameKind.length === 0) return;
    onDecideMany(
      Object.fromEntries(sameKind.map((s) => [s.id, { kind: 'accepted', replacement: s.replacements[choice[s.id] ?? 0] ?? '' }])),
    );
    focusMark(
      nextPending(usable, { ...decisions, ...Object.fromEntries(sameKind.map((s) => [s.id, { kind: 'ignored' as const }])) }, selected!.id)
        ?.id ?? selected!.id,
    );
  };

  const replacementLabel = (r: string) => (r === '' ? t('review.remove') : r);

  return (
    <section className="review" aria-labelledby="review-title" onKeyDown={onKeyDown}>
      <div className="review__head">
        <h2 id="review-title">{t('review.title')}</h2>
        <p className="muted" aria-live="polite">
          {usable.length === 0 ? t('review.none') : t('review.counts', { pending, total: usable.length })}
        </p>
      </div>
      {usable.length > 0 && <p className="muted review__keys">{t('review.keys')}</p>}
      <div className="review__body">
        <div ref={textRef} className="review__text" data-testid="studio-review-text">
          {pieces.map((p) => {
            if (p.kind === 'text') return <span key={`t${p.offset}`}>{p.text}</span>;
            const s = p.suggestion;
            const state = p.decision?.kind;
            const label =
              state === 'accepted'
                ? `${s.shortMessage}: ${p.decision?.kind === 'accepted' ? p.decision.replacement : ''} (${t('review.accepted')})`
                : state === 'ignored'
                  ? `${s.shortMessage}: ${s.original} (${t('review.ignored')})`
                  : `${s.shortMessage}: ${s.original}`;
            return (
              <button
                key={s.id}
                type="button"
                data-suggestion-id={s.id}
                className={`mark ${state ? `mark--${state}` : `mark--${s.severity.toLowerCase()}`}${s.id === selectedId ? ' mark--selected' : ''}`}
                aria-pressed={s.id === selectedId}
                aria-label={label}
                title={state === 'accepted' ? t('review.acceptedFrom', { original: s.original }) : undefined}
                onClick={() => setSelectedId(s.id)}
              >
                {p.decision?.kind === 'accepted' ? <ins>{p.decision.replacement}</ins> : s.original}
              </button>
            );
          })}
        </div>
        <aside className="review__card card" aria-live="polite" data-testid="studio-suggestion-card">
          {selected ? (
            <>
              <p className="review__rule">
                <span className={`badge sev sev--${selected.severity.toLowerCase()}`}>{t(`category.${selected.rule.category}`)}</span>{' '}
                {selected.shortMessage}
              </p>
              <p className="review__message">{selected.message}</p>
              <p className="review__original">
                {/* struck through only when something replaces it; a hint without a rewrite quotes it */}
                {selected.replacements.length > 0 ? <del>{selected.original}</del> : <q>{selected.original}</q>}
              </p>
              {selected.replacements.length === 1 && (
                <p className="review__replacement">
                  <span aria-hidden="true">→ </span>
                  <ins>{replacementLabel(selected.replacements[0]!)}</ins>
                </p>
              )}
              {selected.replacements.length > 1 && (
                <div className="review__choices" role="radiogroup" aria-label={t('review.replacements')}>
                  {selected.replacements.map((r, i) => (
                    <button
                      key={i}
                      type="button"
                      role="radio"
                      aria-checked={(choice[selected.id] ?? 0) === i}
                      className={`btn btn-sm ${(choice[selected.id] ?? 0) === i ? 'btn-secondary' : 'btn-ghost'}`}
                      onClick={() => setChoice((c) => ({ ...c, [selected.id]: i }))}
                    >
                      {replacementLabel(r)}
                    </button>
                  ))}
                </div>
              )}
              {decisions[selected.id] ? (
                <div className="review__actions">
                  <span className="muted">{decisions[selected.id]!.kind === 'accepted' ? t('review.accepted') : t('review.ignored')}</span>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDecide(selected.id, null)}>
                    {t('review.undo')}
                  </button>
                </div>
              ) : (
                <div className="review__actions">
                  {selected.replacements.length > 0 && (
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => decide(selected, 'accepted')}>
                      {t('review.accept')}
                    </button>
                  )}
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => decide(selected, 'ignored')}>
                    {selected.replacements.length > 0 ? t('review.ignore') : t('review.dismiss')}
                  </button>
                  {onDecideMany && sameKind.length > 1 && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={acceptKind} data-testid="studio-accept-kind">
                      {t('review.acceptKind', { count: sameKind.length, kind: selected.shortMessage })}
                    </button>
                  )}
                </div>
              )}
            </>
          ) : (
            <p className="muted">{usable.length ? t('review.pick') : t('review.clean')}</p>
          )}
          {usable.length > 1 && (
            <div className="review__nav">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(-1)}>
                ← {t('review.prev')}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(1)}>
                {t('review.next')} →
              </button>
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}
