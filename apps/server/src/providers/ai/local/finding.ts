/** A finding inside one block's text, before it is anchored to the source and localised. */
import type { SuggestionCategory } from '@moim/contract';

export interface Localized {
  ko: string;
  en: string;
}

export interface Finding {
  block: number;
  /** range in the block's text */
  from: number;
  to: number;
  ruleId: string;
  category: SuggestionCategory;
  severity: 'ERROR' | 'WARNING' | 'HINT';
  message: Localized;
  short: Localized;
  replacements: string[];
  /** set for findings on markup (a code fence, heading marks): the range in the source itself */
  source?: { offset: number; length: number };
}

export const L = (ko: string, en: string): Localized => ({ ko, en });

/**
 * One rule of the Korean rule table: `pattern` must be global; the whole match is the span that
 * `replace` rewrites; `when` can veto a match by looking at the text around it. `examples` must
 * be caught (`wrong` → `right`) and `clean` sentences left alone (the tests run them all).
 */
export interface KoreanRule {
  id: string;
  category: Extract<SuggestionCategory, 'SPACING' | 'SPELLING' | 'GRAMMAR' | 'STYLE'>;
  severity: 'ERROR' | 'WARNING' | 'HINT';
  pattern: RegExp;
  when?: (m: RegExpExecArray, text: string) => boolean;
  replace: (m: RegExpExecArray) => string;
  message: Localized;
  short: Localized;
  examples: ReadonlyArray<{ wrong: string; right: string }>;
  clean: readonly string[];
}
