// The engine's reason codes in the UI's language: the setup form, a guest game's illegal move and
// the bot editor's test match say them from the deduction catalogue, never as the engine's
// English or a raw key, in Korean and in English.
import { LADDER_ERROR_REASONS } from '@moim/contract';
import {
  BOT_FAULTS,
  checkDeductionSetup,
  DEDUCTION_MOVE_ERRORS,
  DEDUCTION_SETUP_REASONS,
  DeductionMoveError,
  presetSettings,
  type SeatSpec,
} from '@moim/games';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import ko from './i18n/ko.json';
import { botSkipText, moveErrorText, setupProblemText } from './messages';

const HANGUL = /[\uAC00-\uD7A3]/;
const RAW = /\b(setup|moveError|botFault|skip|bots|ladder)\.[a-zA-Z]+|\{\{/;
const seats: SeatSpec[] = [
  { kind: 'HUMAN', name: 'A' },
  { kind: 'AI', level: 'EASY' },
];

const ts = {} as Record<'ko' | 'en', TFunction<'deduction'>>;
beforeAll(async () => {
  for (const lng of ['ko', 'en'] as const) {
    const i = i18next.createInstance();
    await i.init({ lng, ns: ['deduction'], defaultNS: 'deduction', resources: { ko: { deduction: ko }, en: { deduction: en } } });
    ts[lng] = i.getFixedT(lng, 'deduction') as TFunction<'deduction'>;
  }
});

function expectLanguage(text: string, lng: 'ko' | 'en') {
  expect(text).not.toMatch(RAW);
  if (lng === 'en') expect(text).not.toMatch(HANGUL);
  else expect(text).toMatch(HANGUL);
}

describe.each(['ko', 'en'] as const)('deduction reason codes (%s)', (lng) => {
  it('says a setup problem with the field’s name and the rule, numbers filled in', () => {
    const custom = { ...presetSettings('BEGINNER'), preset: 'CUSTOM' as const };
    const tooMany = checkDeductionSetup({ ...custom, poolSize: 20, answerCount: 11, hintCount: 2 }, seats);
    const range = checkDeductionSetup({ ...custom, hintCount: 1 }, seats);
    if (tooMany.ok || range.ok) throw new Error('expected refusals');
    const a = setupProblemText(tooMany, ts[lng]);
    expect(a).toContain(ts[lng]('setup.fieldNames.answerCount'));
    expect(a).toContain(ts[lng]('setup.reasons.TOO_MANY_ANSWERS'));
    expect(a).not.toMatch(/at most half of the pool/);
    expectLanguage(a, lng);
    const b = setupProblemText(range, ts[lng]);
    expect(b).toContain('2');
    expect(b).toContain('20');
    expectLanguage(b, lng);
    const seat = checkDeductionSetup(presetSettings('BEGINNER'), [seats[0]!, { kind: 'HUMAN', name: '' }]);
    if (seat.ok) throw new Error('expected a refusal');
    expect(setupProblemText(seat, ts[lng])).toContain(ts[lng]('setup.fieldNames.seat', { n: 2 }));
  });

  it('says an illegal move of a game in this browser', () => {
    const text = moveErrorText(new DeductionMoveError('GUESS_SIZE', { answerCount: 5, poolSize: 50 }), ts[lng]);
    expect(text).toContain('5');
    expectLanguage(text, lng);
  });

  it('says why a bot lost its turn: the protocol’s fault, or the bot’s own error text', () => {
    const fault = botSkipText(
      { seat: 0, kind: 'skip', reason: 'BOT_INVALID', fault: { code: 'WRONG_COUNT', params: { answerCount: 5 } } },
      'bot',
      ts[lng],
    );
    expect(fault).toContain('5');
    if (lng === 'ko') expect(fault).not.toMatch(/must return|indices/);
    expectLanguage(fault, lng);
    const own = botSkipText({ seat: 0, kind: 'skip', reason: 'BOT_ERROR', message: 'TypeError: x is undefined' }, 'bot', ts[lng]);
    expect(own).toContain('TypeError: x is undefined');
    expect(botSkipText({ seat: 0, kind: 'skip', reason: 'BOT_TIMEOUT' }, 'bot', ts[lng])).not.toContain('()');
  });

  it('has a text for every code the engine and the ladder give', () => {
    const keys = [
      ...DEDUCTION_SETUP_REASONS.map((c) => `setup.reasons.${c}`),
      ...DEDUCTION_MOVE_ERRORS.map((c) => `moveError.${c}`),
      ...BOT_FAULTS.map((c) => `botFault.${c}`),
      ...LADDER_ERROR_REASONS.map((c) => `ladder.errors.${c}`),
    ];
    for (const key of keys) {
      const text = ts[lng](key, { min: 1, max: 2, value: 3, answerCount: 4 });
      expect(text, key).not.toBe(key);
      if (lng === 'en') expect(text, key).not.toMatch(HANGUL);
    }
  });
});
