/**
 * The writer's decisions on the suggestions of one analysis (accept with a chosen replacement,
 * or ignore), what the text looks like with them, and the pieces to render: plain text between
 * suggestions, and each suggestion with its decision.
 */
import { applySuggestions, type StudioSuggestion } from '@moim/contract';

export type Decision = { kind: 'accepted'; replacement: string } | { kind: 'ignored' };
export type Decisions = Readonly<Record<string, Decision>>;

export type Piece =
  { kind: 'text'; text: string; offset: number } | { kind: 'suggestion'; suggestion: StudioSuggestion; decision: Decision | undefined };

/** Suggestions in text order, without overlaps (the first one wins), inside the text. */
export function usableSuggestions(text: string, suggestions: readonly StudioSuggestion[]): StudioSuggestion[] {
  const out: StudioSuggestion[] = [];
  let end = 0;
  for (const s of [...suggestions].sort((a, b) => a.offset - b.offset)) {
    if (s.offset < end || s.offset + s.length > text.length || s.length === 0) continue;
    if (text.slice(s.offset, s.offset + s.length) !== s.original) continue;
    out.push(s);
    end = s.offset + s.length;
  }
  return out;
}

export function piecesOf(text: string, suggestions: readonly StudioSuggestion[], decisions: Decisions): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const s of usableSuggestions(text, suggestions)) {
    if (s.offset > at) pieces.push({ kind: 'text', text: text.slice(at, s.offset), offset: at });
    pieces.push({ kind: 'suggestion', suggestion: s, decision: decisions[s.id] });
    at = s.offset + s.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at), offset: at });
  return pieces;
}

/** The text with every accepted replacement applied. */
export function revisedText(text: string, suggestions: readonly StudioSuggestion[], decisions: Decisions): string {
  const accepted = usableSuggestions(text, suggestions).flatMap((s) => {
    const d = decisions[s.id];
    return d?.kind === 'accepted' ? [{ offset: s.offset, length: s.length, replacement: d.replacement }] : [];
  });
  return applySuggestions(text, accepted);
}

/** The next suggestion still waiting for a decision after `id` (wrapping around), or null. */
export function nextPending(suggestions: readonly StudioSuggestion[], decisions: Decisions, id: string | null): StudioSuggestion | null {
  const pending = suggestions.filter((s) => !decisions[s.id]);
  if (pending.length === 0) return null;
  if (!id) return pending[0]!;
  const i = suggestions.findIndex((s) => s.id === id);
  return pending.find((s) => suggestions.indexOf(s) > i) ?? pending[0]!;
}
