// The DEDUCTION referee on the wire (docs/api-wire.md): a setup that is not a playable game is
// malformed input (400, each input at fault with the engine's reason code and a message in the
// reader's language), a move against the game's rules is a business rule (422, details.reason),
// a move the turn's state forbids is a conflict (409); every message in the reader's language.
import { FORM_TEXTS } from '@moim/contract';
import { presetSettings, type SeatSpec } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { ERROR_TEXTS } from '../../i18n/error-texts.ts';
import { deductionPlayOf, deductionReveal, makeUser, start, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
});
afterAll(() => t.close());

const LOCALES = ['ko', 'en'] as const;
const beginner = presetSettings('BEGINNER', 'FOODS');
const custom = { ...beginner, preset: 'CUSTOM' as const };
const vsAi: SeatSpec[] = [
  { kind: 'HUMAN', name: 'Alice' },
  { kind: 'AI', level: 'EASY' },
];

function startWith(metadata: Record<string, unknown>, locale: 'ko' | 'en') {
  return t.call({
    method: 'POST',
    url: '/api/games/sessions/start',
    headers: { ...alice.headers, 'accept-language': locale },
    payload: { gameTypeCode: 'DEDUCTION', metadata },
  });
}

describe('a setup that is not a playable game', () => {
  const engineCases = [
    {
      metadata: { settings: { ...custom, poolSize: 20, answerCount: 11, hintCount: 2 }, seats: vsAi },
      path: 'body.metadata.settings.answerCount',
      code: 'TOO_MANY_ANSWERS',
      text: 'deduction.setup.tooManyAnswers',
    },
    {
      metadata: { settings: { ...custom, poolSize: 20, answerCount: 2, hintCount: 20 }, seats: vsAi },
      path: 'body.metadata.settings.hintCount',
      code: 'POOL_TOO_SMALL',
      text: 'deduction.setup.poolTooSmall',
    },
    {
      metadata: { settings: { ...beginner, turnSeconds: 30 }, seats: vsAi },
      path: 'body.metadata.settings.turnSeconds',
      code: 'PRESET_VALUE',
      text: 'deduction.setup.presetValue',
    },
    {
      metadata: { settings: beginner, seats: [vsAi[1], vsAi[0]] },
      path: 'body.metadata.seats.0.kind',
      code: 'FIRST_SEAT_HUMAN',
      text: 'deduction.setup.firstSeatHuman',
    },
  ] as const;

  it.each(LOCALES)('answers 400 VAL-2001 naming the field and the engine’s reason, in the reader’s language (%s)', async (locale) => {
    for (const c of engineCases) {
      const r = await startWith(c.metadata, locale);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VAL-2001');
      const [field] = r.body.error.details.fields;
      expect(field).toMatchObject({ path: c.path, code: c.code });
      // the rule's own text (numbers filled in), never the engine's English sentence
      const template = ERROR_TEXTS[c.text][locale].split(/\{\{\w+\}\}/);
      for (const part of template) expect(field.message).toContain(part);
      expect(field.message).not.toMatch(/at most half|must be/);
      expect(r.body.error.message).toContain(field.message);
      expectErrorInLanguage(r.body, locale);
    }
  });

  it.each(LOCALES)('writes the contract’s checks of the setup from the form catalogue (%s)', async (locale) => {
    const r = await startWith({ settings: { ...custom, poolSize: 10 }, seats: [{ kind: 'HUMAN', name: '' }, vsAi[1]] }, locale);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2001');
    expect(r.body.error.details.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.metadata.settings.poolSize', code: 'too_small', message: FORM_TEXTS.tooSmall[locale].replace('{{limit}}', '20') },
        { path: 'body.metadata.seats.0.name', code: 'too_small', message: FORM_TEXTS.required[locale] },
      ]),
    );
    expectErrorInLanguage(r.body, locale);
  });
});

describe('moves', () => {
  /** A game against two AIs, played by the server until it is my turn. */
  async function myTurn(locale: 'ko' | 'en') {
    for (let attempt = 0; attempt < 10; attempt++) {
      const s = await start(t, alice, 'DEDUCTION', { settings: beginner, seats: vsAi });
      let p = (await deductionPlayOf(t, alice, s.sessionId)).body.data;
      const headers = { 'accept-language': locale };
      while (p.view.activeSeat !== 0 && !p.final) {
        p = (
          await t.call({
            method: 'POST',
            url: `/api/games/deduction/sessions/${s.sessionId}/turns`,
            headers: { ...alice.headers, ...headers },
            payload: { turn: p.view.turn },
          })
        ).body.data;
      }
      if (!p.final) return { sessionId: s.sessionId, turn: p.view.turn as number };
    }
    throw new Error('no game reached my turn');
  }
  const move = (sessionId: string, body: Record<string, unknown>, locale: 'ko' | 'en', what = 'turns') =>
    t.call({
      method: 'POST',
      url: `/api/games/deduction/sessions/${sessionId}/${what}`,
      headers: { ...alice.headers, 'accept-language': locale },
      payload: body,
    });

  it.each(LOCALES)('refuses a move against the game’s rules with 422 BIZ-3003 and the engine’s reason (%s)', async (locale) => {
    const { sessionId, turn } = await myTurn(locale);
    for (const [guess, reason] of [
      [[0, 1], 'GUESS_SIZE'],
      [[0, 1, 2, 3], 'GUESS_SIZE'],
      [[0, 0, 1], 'REPEATED_KEYWORD'],
      [[0, 1, 30], 'KEYWORD_NOT_IN_POOL'],
    ] as const) {
      const r = await move(sessionId, { turn, guess: [...guess] }, locale);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason } });
      expect(r.body.error.message).not.toMatch(/GUESS_SIZE|keywords of the pool/);
      expectErrorInLanguage(r.body, locale);
    }
    const size = await move(sessionId, { turn, guess: [0, 1] }, locale);
    expect(size.body.error.details.answerCount).toBe(beginner.answerCount);
    expect(size.body.error.message).toContain(String(beginner.answerCount));
    // two answers may be revealed of three; the third is refused by the rules
    for (let i = 0; i < 2; i++) expect((await move(sessionId, { turn, kind: 'ANSWER' }, locale, 'reveals')).status).toBe(200);
    const third = await move(sessionId, { turn, kind: 'ANSWER' }, locale, 'reveals');
    expect(third.status).toBe(422);
    expect(third.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason: 'NO_REVEALS_LEFT' } });
    expectErrorInLanguage(third.body, locale);
  });

  it.each(LOCALES)('refuses a move the turn’s state forbids with 409 BIZ-3002 and a reason (%s)', async (locale) => {
    const { sessionId, turn } = await myTurn(locale);
    const stale = await move(sessionId, { turn: turn + 1, guess: [0, 1, 2] }, locale);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'STALE_TURN', turn } });
    expectErrorInLanguage(stale.body, locale);
    const skip = await move(sessionId, { turn, skip: 'BOT_ERROR' }, locale);
    expect(skip.status).toBe(409);
    expect(skip.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'HUMAN_TURN' } });
    expectErrorInLanguage(skip.body, locale);
    const both = await move(sessionId, { turn, guess: [0, 1, 2], skip: 'BOT_ERROR' }, locale);
    expect([both.status, both.body.error.code]).toEqual([400, 'VAL-2001']);
    expectErrorInLanguage(both.body, locale);
    await t.call({ method: 'POST', url: '/api/games/sessions/abandon', headers: alice.headers, payload: { sessionId } });
    const over = await deductionReveal(t, alice, sessionId, { turn, kind: 'WRONG' });
    expect(over.status).toBe(409);
    expect(over.body.error.details).toMatchObject({ reason: 'NOT_IN_PROGRESS', status: 'ABANDONED' });
    const other = await move(sessionId, { turn }, locale);
    expectErrorInLanguage(other.body, locale);
  });

  it.each(LOCALES)('answers a session that is not mine or not there in the reader’s language (%s)', async (locale) => {
    const r = await t.call({
      method: 'GET',
      url: '/api/games/deduction/sessions/7f1c3a8e-0000-4000-8000-000000000000',
      headers: { ...alice.headers, 'accept-language': locale },
    });
    expect([r.status, r.body.error.code]).toEqual([404, 'BIZ-3001']);
    expectErrorInLanguage(r.body, locale);
  });
});
