/**
 * Custom bots in online deduction rooms (docs/deduction.md "Online rooms"): a host seats a bot
 * they may play against (their own, or one shared by its link; someone else's private bot does
 * not exist for them), the server runs it in the sandbox's thread on its turn, it sees only its
 * seat's view and nobody else learns its counts, a bot that runs out of time loses its turn, and
 * a game with a bot is recorded for the people but never rated.
 */
import type { RoomViewValue } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let net = 40;

beforeAll(async () => {
  t = await createTestApp({ config: { TRUST_PROXY: true } });
});
afterAll(async () => {
  await t?.close();
});

type Person = TestUser & { ip: string };
async function person(name: string): Promise<Person> {
  return { ...(await makeUser(t, name)), ip: `10.1.${net++}.9` };
}

async function call(p: Person, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, lang = 'ko') {
  return t.call({
    method,
    url: `/api/games/deduction${path}`,
    headers: { ...p.headers, 'x-forwarded-for': p.ip, 'accept-language': lang },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function ok(p: Person, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<RoomViewValue> {
  const r = await call(p, method, path, payload);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as RoomViewValue;
}

/** The first keywords it does not know to be wrong; on its first turn, a loop the sandbox must stop. */
const STUBBORN_BOT = `
function move(state) {
  if (state.myGuesses.length === 0 && state.round === 1 && state.seat === 2) { while (true) {} }
  var out = [];
  for (var i = 0; i < state.keywords.length && out.length < state.answerCount; i++) {
    if (state.knownWrong.indexOf(i) < 0) out.push(i);
  }
  return out;
}`;

async function saveBot(owner: Person, name: string, shared = false): Promise<{ id: string; shareId: string | null }> {
  const r = await call(owner, 'POST', '/bots', { name, code: STUBBORN_BOT, shared });
  expect(r.status).toBe(200);
  // the bot's ladder run is another story: it is not run here
  await t.ctx.database.exec(`delete from jobs where kind = 'deduction-bots.ladder'`);
  return r.body.data as { id: string; shareId: string | null };
}

/** Runs what is due (the bot's move, the AIs after it). */
async function runJobs() {
  await t.ctx.jobs.drain();
}

/** A guess that cannot be the answer set: one of the seat's hints and other keywords. */
function wrongGuess(view: RoomViewValue): number[] {
  const g = view.game!.view;
  const hints = g.mine.flatMap((m) => m.hints);
  const rest = g.keywords.map((_, i) => i).filter((i) => !hints.includes(i));
  return [hints[0]!, ...rest].slice(0, g.settings.answerCount);
}

describe('custom bots in an online room', () => {
  it('seats only a bot the host may play against: their own or a shared one; someone else’s private bot is 404, a third bot 400', async () => {
    const [host, other] = [await person('host'), await person('other')];
    const mine = await saveBot(host, '내 봇');
    const privateBot = await saveBot(other, '남의 봇');
    const sharedBot = await saveBot(other, '공유 봇', true);
    const seats = (botId: string) => [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'BOT', botId }];

    const refused = await call(host, 'POST', '/rooms', { preset: 'BEGINNER', seats: seats(privateBot.id) }, 'en');
    expect([refused.status, refused.body.error.code]).toEqual([404, 'BIZ-3001']);
    const missing = await call(host, 'POST', '/rooms', { preset: 'BEGINNER', seats: seats('00000000-0000-4000-8000-000000000000') });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'BIZ-3001']);
    const tooMany = await call(host, 'POST', '/rooms', {
      preset: 'BEGINNER',
      seats: [...seats(mine.id), { kind: 'BOT', botId: mine.id }, { kind: 'BOT', botId: sharedBot.id }],
    });
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 'VAL-2001']);

    const withShared = await ok(host, 'POST', '/rooms', { preset: 'BEGINNER', seats: seats(sharedBot.id) });
    expect(withShared.seats[2]).toMatchObject({ kind: 'BOT', name: '공유 봇', userId: null, ready: true, connected: true });
    const withMine = await ok(host, 'POST', '/rooms', { preset: 'BEGINNER', seats: seats(mine.id) });
    expect(withMine.seats[2]).toMatchObject({ kind: 'BOT', name: '내 봇' });
    // the bot's id is not on the wire (a private bot's id is its owner's)
    expect(JSON.stringify(withMine)).not.toContain(mine.id);
  });

  it('the server plays the bot on its turn from its seat’s view: its counts stay private, a move past the time limit loses the turn, the game ends unrated', async () => {
    const [host, friend] = [await person('hana'), await person('dul')];
    const bot = await saveBot(host, '끈질긴 봇');
    const room = await ok(host, 'POST', '/rooms', {
      preset: 'BEGINNER',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'BOT', botId: bot.id }],
    });
    await ok(friend, 'POST', `/rooms/${room.id}/join`, { invite: room.invite });
    await ok(friend, 'POST', `/rooms/${room.id}/ready`, { ready: true });
    let view = await ok(host, 'POST', `/rooms/${room.id}/start`);
    const people = new Map([
      [view.seats.find((s) => s.userId === host.id)!.seat, host],
      [view.seats.find((s) => s.userId === friend.id)!.seat, friend],
    ]);
    const botSeat = 2;
    let botTurns = 0;
    for (let step = 0; step < 200 && view.status === 'PLAYING'; step++) {
      const active = view.game!.view.activeSeat;
      if (active === botSeat) {
        botTurns++;
        const turn = view.game!.view.turn;
        await runJobs();
        view = await ok(host, 'GET', `/rooms/${room.id}`);
        expect(view.game!.view.turn, 'the bot moved').toBeGreaterThan(turn);
        continue;
      }
      const p = people.get(active!)!;
      const mineView = await ok(p, 'GET', `/rooms/${room.id}`);
      view = await ok(p, 'POST', `/rooms/${room.id}/moves`, { turn: mineView.game!.view.turn, guess: wrongGuess(mineView) });
    }
    expect(view.status).toBe('FINISHED');
    expect(botTurns).toBeGreaterThan(1);

    const { rows } = await t.ctx.database.exec(`select events from deduction_rooms where id = $1`, [room.id]);
    const events = rows[0]!.events as { type: string; seat: number; reason?: string }[];
    const botEvents = events.filter((e) => e.seat === botSeat);
    // its first move looped: the sandbox stopped it and the turn was lost; then it guessed
    expect(botEvents[0]).toMatchObject({ type: 'skip', reason: 'BOT_TIMEOUT' });
    expect(botEvents.slice(1).some((e) => e.type === 'guess')).toBe(true);

    const final = await ok(friend, 'GET', `/rooms/${room.id}`);
    expect(final.result).toMatchObject({ rated: false, unratedReason: 'HAS_BOT' });
    expect(final.result!.seats.find((s) => s.seat === botSeat)).toMatchObject({ userId: null, ratingAfter: null });
    // recorded for both people (a verified, unranked session each), not for the bot
    const records = await t.ctx.database.exec(`select user_id from game_records where details->>'roomId' = $1 order by user_id`, [room.id]);
    expect(records.rows.map((r) => r.user_id).sort()).toEqual([host.id, friend.id].sort());
  });

  it('while playing, no person learns the bot’s counts or hints', async () => {
    const [host, friend] = [await person('saem'), await person('net')];
    const bot = await saveBot(host, '조용한 봇');
    const room = await ok(host, 'POST', '/rooms', {
      preset: 'BEGINNER',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'BOT', botId: bot.id }],
    });
    await ok(friend, 'POST', `/rooms/${room.id}/join`, { invite: room.invite });
    await ok(friend, 'POST', `/rooms/${room.id}/ready`, { ready: true });
    let view = await ok(host, 'POST', `/rooms/${room.id}/start`);
    const people = new Map([
      [view.seats.find((s) => s.userId === host.id)!.seat, host],
      [view.seats.find((s) => s.userId === friend.id)!.seat, friend],
    ]);
    // play until the bot has guessed twice
    for (let step = 0; step < 40; step++) {
      const guesses = view.game!.view.history.filter((h) => h.seat === 2 && h.kind === 'guess').length;
      if (guesses >= 2 || view.status !== 'PLAYING') break;
      const active = view.game!.view.activeSeat!;
      if (active === 2) {
        await runJobs();
        view = await ok(host, 'GET', `/rooms/${room.id}`);
        continue;
      }
      const p = people.get(active)!;
      const mineView = await ok(p, 'GET', `/rooms/${room.id}`);
      view = await ok(p, 'POST', `/rooms/${room.id}/moves`, { turn: mineView.game!.view.turn, guess: wrongGuess(mineView) });
    }
    for (const p of [host, friend]) {
      const v = await ok(p, 'GET', `/rooms/${room.id}`);
      if (v.status !== 'PLAYING') continue;
      expect(v.game!.view.mine.map((m) => m.seat)).toEqual([v.mySeat]);
      const globalHint = v.game!.view.settings.globalHint;
      for (const h of v.game!.view.history.filter((x) => x.seat === 2 && x.kind === 'guess')) {
        // a bot's count is public only when the global hint made it so (a guess with no answer)
        expect(h.correct === null || (globalHint && h.correct === 0)).toBe(true);
      }
    }
  });

  it('a bot whose move never came (its job lost) loses the turn when the turn clock runs out', async () => {
    const [host, friend] = [await person('sik'), await person('gye')];
    const bot = await saveBot(host, '늦는 봇');
    const room = await ok(host, 'POST', '/rooms', {
      preset: 'BEGINNER',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'BOT', botId: bot.id }],
    });
    await ok(friend, 'POST', `/rooms/${room.id}/join`, { invite: room.invite });
    await ok(friend, 'POST', `/rooms/${room.id}/ready`, { ready: true });
    let view = await ok(host, 'POST', `/rooms/${room.id}/start`);
    const people = new Map([
      [view.seats.find((s) => s.userId === host.id)!.seat, host],
      [view.seats.find((s) => s.userId === friend.id)!.seat, friend],
    ]);
    while (view.game!.view.activeSeat !== 2) {
      const p = people.get(view.game!.view.activeSeat!)!;
      const mineView = await ok(p, 'GET', `/rooms/${room.id}`);
      view = await ok(p, 'POST', `/rooms/${room.id}/moves`, { turn: mineView.game!.view.turn, guess: wrongGuess(mineView) });
    }
    const turn = view.game!.view.turn;
    // the instance that took the bot's move is gone with it; the turn's time runs out
    await t.ctx.database.exec(`delete from jobs where kind = 'deduction-room.bot-move'`);
    await t.ctx.database.exec(`update deduction_rooms set turn_started_at = turn_started_at - interval '91 seconds' where id = $1`, [
      room.id,
    ]);
    await t.ctx.database.exec(`update jobs set run_at = now() where kind = 'deduction-room.clock' and status = 'pending'`);
    await runJobs();
    const after = await ok(friend, 'GET', `/rooms/${room.id}`);
    expect(after.game!.view.turn).toBeGreaterThan(turn);
    expect(after.game!.view.history.find((h) => h.turn === turn)).toMatchObject({ seat: 2, kind: 'skip' });
  });
});
