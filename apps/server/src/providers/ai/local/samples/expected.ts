/**
 * What the local analyzer must find in each sample text (and must not). The samples are real
 * short posts written for these tests: `*-mistakes`/`*-wordy` carry known mistakes, `*-clean`
 * carry none of the kinds listed in `mustNotFind`.
 */
import type { StudioPurpose, SuggestionCategory } from '@moim/contract';

export interface SampleExpectation {
  file: string;
  language: 'ko' | 'en';
  mustFind: Array<{ rule: string; original: string; replacement?: string }>;
  /** no suggestion of these categories may appear */
  mustNotFind: SuggestionCategory[];
  detectedCategory?: StudioPurpose;
  /** lowest and highest acceptable CLARITY rating */
  clarity?: [number, number];
}

export const SAMPLES: SampleExpectation[] = [
  {
    file: 'ko-mistakes.md',
    language: 'ko',
    mustFind: [
      { rule: 'KO_SPELLING_MYECHIL', original: '몇일', replacement: '며칠' },
      { rule: 'KO_SPACING_SU', original: '할수', replacement: '할 수' },
      { rule: 'KO_SPACING_TTAE', original: '들때', replacement: '들 때' },
      { rule: 'KO_SPACING_GEOT', original: '는것', replacement: '는 것' },
      { rule: 'KO_PARTICLE', original: '책를', replacement: '책을' },
      { rule: 'KO_SPELLING_AN_DWAEYO', original: '안되서', replacement: '안 돼서' },
    ],
    mustNotFind: [],
    clarity: [1, 2],
  },
  {
    file: 'ko-clean.md',
    language: 'ko',
    mustFind: [],
    mustNotFind: ['SPACING', 'SPELLING', 'GRAMMAR', 'PUNCTUATION'],
    clarity: [4, 5],
  },
  {
    file: 'ko-tutorial.md',
    language: 'ko',
    mustFind: [{ rule: 'CODE_WITHOUT_LANGUAGE', original: '```', replacement: '```bash' }],
    mustNotFind: ['SPACING', 'SPELLING', 'GRAMMAR'],
    detectedCategory: 'TUTORIAL',
  },
  {
    file: 'en-wordy.md',
    language: 'en',
    mustFind: [
      { rule: 'EN_PASSIVE', original: 'made' },
      { rule: 'EN_SIMPLIFY_IN_ORDER_TO', original: 'in order to', replacement: 'to' },
      { rule: 'EN_SIMPLIFY_UTILIZE', original: 'utilize', replacement: 'use' },
      { rule: 'EN_REPEATED_WORD', original: 'the', replacement: 'the' },
      { rule: 'EN_SIMPLIFY_VERY', original: 'very ', replacement: '' },
    ],
    mustNotFind: ['SPACING', 'SPELLING'],
    clarity: [1, 2],
  },
  {
    file: 'en-clean.md',
    language: 'en',
    mustFind: [],
    mustNotFind: ['SPACING', 'SPELLING', 'GRAMMAR', 'PUNCTUATION', 'STYLE'],
    clarity: [4, 5],
  },
];
