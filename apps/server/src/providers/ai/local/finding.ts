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
