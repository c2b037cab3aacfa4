// The engine's reason codes in the UI's language: the setup form, a guest game's illegal move and
// the bot editor's test match say them from the deduction catalogue, never as the engine's
// English or a raw key, in Korean and in English.
import { LADDER_ERROR_REASONS } from '@moim/contract';
import {
  BOT_FAULTS,
  checkDeductionSetup,
  DEDUCTION_MOVE_ERRORS,
  DEDUCTION_SETUP_REASONS,
  DeductionGame,
  DeductionMoveError,
  presetSettings,
  viewKnownWrong,
  type DeductionView,
  type SeatSpec,
} from '@moim/games';
import { beforeAll, describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import ko from './i18n/ko.json';
import { Translator, type TFunction } from '../../../shared/i18n/translator';
import { LocalDriver } from './driver';
import { botErrorText, botSkipText, moveAnnouncement, moveErrorText, setupProblemText, testMatchLine } from './messages';

const HANGUL = /[\uAC00-\uD7A3]/;
const RAW = /\b(setup|moveError|botFault|skip|bots|ladder)\.[a-zA-Z]+|\{\{/;
const seats: SeatSpec[] = [
  { kind: 'HUMAN', name: 'A' },
  { kind: 'AI', level: 'EASY' },
];

const ts = {} as Record<'ko' | 'en', TFunction<'deduction'>>;
beforeAll(async () => {
  for (const lng of ['ko', 'en'] as const) {
    const i = new Translator().init({ lng, resources: { ko: { deduction: ko }, en: { deduction: en } } });
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

describe('what a device is told of the AI’s guesses (fairness rule: deductionLast / countVisible)', () => {
  it('the board’s banner states a count exactly when the log shows it, the same number, in a whole game against an AI', async () => {
    for (const lng of ['ko', 'en'] as const) {
      const t = ts[lng];
      const driver = new LocalDriver('fair-banner', presetSettings('BEGINNER'), seats);
      let aiTurns = 0;
      for (let n = 0; n < 60 && !driver.state.final; n++) {
        const seat = driver.state.view.activeSeat!;
        const s = seat === 1 ? await driver.advanceAi() : await driver.guess(pickOpen(driver.state.view, n));
        const row = s.view.history.at(-1)!;
        const banner = moveAnnouncement(s.view, s.last, t, lng === 'en');
        expectLanguage(banner, lng);
        const stated = /(\d+)\D+(\d+)/.exec(banner);
        if (row.correct === null) expect(stated, banner).toBeNull();
        else expect(banner).toContain(String(row.correct));
        if (seat === 1) aiTurns++;
      }
      expect(aiTurns).toBeGreaterThan(3);
    }
  });

  it('the bot editor’s test match says the bot’s counts and the AI’s only when the global hint made them public', () => {
    const game = new DeductionGame('test-match', presetSettings('BEGINNER'), [
      { kind: 'BOT', botId: 'draft', name: 'bot' },
      { kind: 'AI', level: 'EASY' },
    ]);
    const names = { bot: 'bot', ai: 'AI' };
    for (const lng of ['ko', 'en'] as const) {
      const t = ts[lng];
      const hidden = testMatchLine({ seat: 1, kind: 'guess', correct: 2 }, game, 0, names, t);
      expectLanguage(hidden, lng);
      expect(hidden).not.toMatch(/2/);
      const zero = testMatchLine({ seat: 1, kind: 'guess', correct: 0 }, game, 0, names, t);
      expect(zero).toMatch(/0/);
      const own = testMatchLine({ seat: 0, kind: 'guess', correct: 2 }, game, 0, names, t);
      expect(own).toMatch(/2/);
    }
  });
});

/** Three keywords of the pool not known to be wrong yet, a different set each turn. */
function pickOpen(view: DeductionView, n: number): number[] {
  const wrong = viewKnownWrong(view, 0);
  const open = view.keywords.map((_, i) => i).filter((i) => !wrong.has(i));
  const start = (n * 3) % Math.max(1, open.length - 3);
  return open.slice(start, start + view.settings.answerCount);
}

describe('a bot’s own error in the editor and the test log', () => {
  it('says its kind and line in the reader’s language, QuickJS’s common messages too', () => {
    const cases = [
      { kind: 'ReferenceError', message: "'foo' is not defined", line: 3 },
      { kind: 'SyntaxError', message: "unexpected token in expression: '}'", line: 5 },
      { kind: 'TypeError', message: "cannot read property 'x' of undefined", line: 12 },
      { kind: 'TypeError', message: 'not a function', line: 2 },
      { kind: 'InternalError', message: 'stack overflow', line: null },
    ] as const;
    for (const lng of ['ko', 'en'] as const)
      for (const e of cases) {
        const text = botErrorText(e, ts[lng]);
        expectLanguage(text, lng);
        if (e.line !== null) expect(text).toContain(String(e.line));
      }
    expect(botErrorText(cases[0], ts.ko)).toBe("3번째 줄 · 참조 오류: 정의되지 않은 이름 'foo'");
    expect(botErrorText(cases[0], ts.en)).toBe("Line 3 · reference error: 'foo' is not defined");
    // the bot's own words stay its own
    expect(botErrorText({ kind: 'Error', message: 'my bot gave up', line: 7 }, ts.en)).toBe('Line 7 · error: my bot gave up');
    const line = botSkipText(
      { seat: 0, kind: 'skip', reason: 'BOT_ERROR', message: "'foo' is not defined", error: cases[0] },
      'bot',
      ts.ko,
    );
    expect(line).toContain('3번째 줄');
  });
});
