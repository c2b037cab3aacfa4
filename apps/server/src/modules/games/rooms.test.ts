/**
 * Online deduction rooms through real sockets (docs/deduction.md "Online rooms"): the app listens,
 * players and a spectator watch the room on /api/live and play through the API. Checks joining
 * (link, invite, refusals), the fairness rule per seat on the socket and in the views, who may act
 * for a seat, the turn clock, the disconnect grace, leaving and returning, and ratings.
 */
import type { RoomViewValue } from '@moim/contract';
import { DeductionGame, presetSettings, type SeatSpec } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { LiveTestClient, liveUrl } from '../../live/test-kit.ts';
import { makeUser, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let url: string;
let net = 10;

beforeAll(async () => {
  t = await createTestApp({ config: { TRUST_PROXY: true } });
  url = await liveUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A person on a network of their own (a different /24 each). */
async function person(name: string): Promise<TestUser & { ip: string; username: string }> {
  const u = await makeUser(t, name);
  const username = `${name}${u.id.slice(0, 6)}`;
  await t.ctx.database.exec(`update users set username = $2 where id = $1`, [u.id, username]);
  return { ...u, ip: `10.0.${net++}.7`, username };
}

type Person = Awaited<ReturnType<typeof person>>;

async function call(p: Person, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, lang = 'ko') {
  return t.call({
    method,
    url: `/api/games/deduction/rooms${path}`,
    headers: { ...p.headers, 'x-forwarded-for': p.ip, 'accept-language': lang },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function ok(p: Person, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<RoomViewValue> {
  const r = await call(p, method, path, payload);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as RoomViewValue;
}

/** A started room: the host and the others seated (by link) and ready, `ai` AI seats after them. */
async function startedRoom(people: Person[], ai: ('EASY' | 'MEDIUM')[] = []) {
  const seats = [...people.map(() => ({ kind: 'HUMAN' })), ...ai.map((level) => ({ kind: 'AI', level }))];
  const room = await ok(people[0]!, 'POST', '', { preset: 'BEGINNER', theme: 'ANIMALS', seats });
  for (const p of people.slice(1)) {
    await ok(p, 'POST', `/${room.id}/join`, { invite: room.invite });
    await ok(p, 'POST', `/${room.id}/ready`, { ready: true });
  }
  return ok(people[0]!, 'POST', `/${room.id}/start`);
}

/** The game as the server dealt it (tests only: the seed is read from the database). */
async function dealt(roomId: string) {
  const { rows } = await t.ctx.database.exec(`select seed, settings from deduction_rooms where id = $1`, [roomId]);
  const s = rows[0]!.settings as { settings: ReturnType<typeof presetSettings>; seats: SeatSpec[] };
  return { seed: String(rows[0]!.seed), game: new DeductionGame(String(rows[0]!.seed), s.settings, s.seats) };
}

/** Make the pending turn clocks due now and run them. */
async function runClocks() {
  await t.ctx.database.exec(`update jobs set run_at = now() where kind = 'deduction-room.clock' and status = 'pending'`);
  await t.ctx.jobs.drain();
}

/** A guess of the given seat that cannot be the answer set: one of its hints (never an answer) and other keywords. */
function wrongGuess(view: RoomViewValue): number[] {
  const g = view.game!.view;
  const hints = g.mine.flatMap((m) => m.hints);
  const rest = g.keywords.map((_, i) => i).filter((i) => !hints.includes(i));
  return [hints[0]!, ...rest].slice(0, g.settings.answerCount);
}

const seatOf = (view: RoomViewValue, p: Person) => view.seats.find((s) => s.userId === p.id)!.seat;

describe('joining a room', () => {
  it('by the link or by an invitation; refused without either, for a full room, and by an unknown username (ko/en)', async () => {
    const [host, friend, invited, stranger] = [
      await person('host'),
      await person('friend'),
      await person('invited'),
      await person('stranger'),
    ];
    const room = await ok(host, 'POST', '', {
      preset: 'BEGINNER',
      theme: 'FOODS',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }],
    });
    expect(room.invite).toBeTruthy();
    const refused = await call(stranger, 'POST', `/${room.id}/join`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AUTH-1004');
    expect(refused.body.error.message).toContain('초대');
    const bad = await call(stranger, 'POST', `/${room.id}/join`, { invite: 'not-the-code' }, 'en');
    expect(bad.body.error.code).toBe('AUTH-1004');
    expect(bad.body.error.message).toMatch(/not invited/);

    expect((await ok(friend, 'POST', `/${room.id}/join`, { invite: room.invite })).mySeat).toBe(1);
    const unknown = await call(host, 'POST', `/${room.id}/invites`, { username: 'nobody-here-at-all' }, 'en');
    expect([unknown.status, unknown.body.error.code, unknown.body.error.message]).toEqual([
      404,
      'BIZ-3001',
      'No member has that username.',
    ]);
    const notHost = await call(friend, 'POST', `/${room.id}/invites`, { username: invited.username });
    expect(notHost.body.error.code).toBe('AUTH-1004');
    expect((await call(host, 'POST', `/${room.id}/invites`, { username: `@${invited.username}` })).status).toBe(200);
    expect((await ok(invited, 'POST', `/${room.id}/join`, {})).mySeat).toBe(2);
    const full = await call(stranger, 'POST', `/${room.id}/join`, { invite: room.invite });
    expect([full.status, full.body.error.code, full.body.error.details.reason]).toEqual([409, 'BIZ-3002', 'ROOM_FULL']);
    // a spectator sees the seats but not the link's secret
    const watched = await ok(stranger, 'GET', `/${room.id}`);
    expect(watched.invite).toBeNull();
    expect(watched.mySeat).toBeNull();
    // not everyone ready: the start is refused
    const early = await call(host, 'POST', `/${room.id}/start`);
    expect([early.status, early.body.error.details.reason]).toEqual([409, 'NOT_READY']);
    expect((await call(friend, 'POST', `/${room.id}/start`)).body.error.code).toBe('AUTH-1004');
  });
});

describe('playing', () => {
  it('each seat learns only its own counts, on its socket and in its view; a spectator only what every player sees', async () => {
    const [a, b, watcher] = [await person('alice'), await person('bob'), await person('watcher')];
    const room = await startedRoom([a, b]);
    const { seed, game } = await dealt(room.id);
    const va = await ok(a, 'GET', `/${room.id}`);
    const vb = await ok(b, 'GET', `/${room.id}`);
    const sockets = {
      a: await LiveTestClient.signedIn(url, a.token),
      b: await LiveTestClient.signedIn(url, b.token),
      w: await LiveTestClient.signedIn(url, watcher.token),
    };
    expect((await sockets.a.subscribe(va.seatTopic!)).type).toBe('subscribed');
    expect((await sockets.b.subscribe(vb.seatTopic!)).type).toBe('subscribed');
    expect((await sockets.w.subscribe(`deduction-room:${room.id}`)).type).toBe('subscribed');
    // another person's seat topic is refused as a missing one
    expect(await sockets.w.subscribe(va.seatTopic!)).toMatchObject({ type: 'error', code: 'BIZ-3001' });

    const first = game.deal.firstSeat === seatOf(va, a) ? { mover: a, view: va, other: b } : { mover: b, view: vb, other: a };
    // a guess with at least one answer, so its count is private
    const avoid = new Set(first.view.game!.view.mine.flatMap((m) => m.hints));
    const others = first.view.game!.view.keywords.map((_, i) => i).filter((i) => !game.isAnswer[i] && !avoid.has(i));
    const guess = [game.deal.answers[0]!, ...others].slice(0, game.settings.answerCount);
    const correct = guess.filter((i) => game.isAnswer[i]).length;
    const moverSocket = first.mover === a ? sockets.a : sockets.b;
    const otherSocket = first.mover === a ? sockets.b : sockets.a;
    await ok(first.mover, 'POST', `/${room.id}/moves`, { turn: 0, guess });
    const mine = await moverSocket.next('event', (e) => e.data.turn === 1);
    const theirs = await otherSocket.next('event', (e) => e.data.turn === 1);
    const spectator = await sockets.w.next('event', (e) => e.data.turn === 1);
    expect(mine.data).toMatchObject({ kind: 'guess', correct });
    expect(theirs.data.correct).toBeNull();
    expect(spectator.data.correct).toBeNull();

    const moverView = await ok(first.mover, 'GET', `/${room.id}`);
    const otherView = await ok(first.other, 'GET', `/${room.id}`);
    const watchView = await ok(watcher, 'GET', `/${room.id}`);
    expect(moverView.game!.view.history[0]!.correct).toBe(correct);
    expect(otherView.game!.view.history[0]!.correct).toBeNull();
    expect(watchView.game!.view.history[0]!.correct).toBeNull();
    expect(otherView.game!.view.mine.map((m) => m.seat)).toEqual([seatOf(otherView, first.other)]);
    expect(watchView.game!.view.mine).toEqual([]);
    // no answers and no seed anywhere before the end
    for (const v of [moverView, otherView, watchView]) {
      expect(v.game!.view.outcome).toBeNull();
      expect(v.result).toBeNull();
      expect(JSON.stringify(v)).not.toContain(seed);
    }
    for (const s of Object.values(sockets)) s.close();
  });

  it('nobody acts for a seat but its person: another player (NOT_YOUR_TURN) or a stranger (AUTH-1004)', async () => {
    const [a, b, c] = [await person('ann'), await person('ben'), await person('cy')];
    const room = await startedRoom([a, b]);
    const { game } = await dealt(room.id);
    const idle = game.deal.firstSeat === seatOf(room, a) ? b : a;
    const view = await ok(idle, 'GET', `/${room.id}`);
    const notYours = await call(idle, 'POST', `/${room.id}/moves`, { turn: 0, guess: wrongGuess(view) }, 'en');
    expect([notYours.status, notYours.body.error.code, notYours.body.error.details.reason]).toEqual([409, 'BIZ-3002', 'NOT_YOUR_TURN']);
    expect(notYours.body.error.message).toBe('It is not your turn.');
    const stranger = await call(c, 'POST', `/${room.id}/moves`, { turn: 0, guess: wrongGuess(view) });
    expect([stranger.status, stranger.body.error.code]).toEqual([403, 'AUTH-1004']);
    expect((await call(c, 'POST', `/${room.id}/reveals`, { turn: 0, kind: 'WRONG' })).body.error.code).toBe('AUTH-1004');
    expect((await ok(a, 'GET', `/${room.id}`)).game!.view.turn).toBe(0);
  });

  it('the turn clock plays the time-out when the turn runs out, and every seat hears of it', async () => {
    const [a, b] = [await person('tim'), await person('tom')];
    const room = await startedRoom([a, b]);
    const socket = await LiveTestClient.signedIn(url, a.token);
    await socket.subscribe(`deduction-room:${room.id}`);
    await runClocks(); // within the turn: nothing happens
    expect((await ok(a, 'GET', `/${room.id}`)).game!.view.turn).toBe(0);
    await t.ctx.database.exec(`update deduction_rooms set turn_started_at = turn_started_at - interval '91 seconds' where id = $1`, [
      room.id,
    ]);
    await runClocks();
    await socket.next('event', (e) => e.data.turn === 1);
    const after = await ok(a, 'GET', `/${room.id}`);
    expect(after.game!.view.turn).toBe(1);
    expect(after.game!.view.history[0]).toMatchObject({ turn: 0, timeout: true });
    socket.close();
  });

  it('a disconnected player keeps their turn through the grace period; after it the timer plays for them; they return', async () => {
    const [a, b] = [await person('gina'), await person('gus')];
    const room = await startedRoom([a, b]);
    const { game } = await dealt(room.id);
    const active = game.deal.firstSeat === seatOf(room, a) ? a : b;
    await t.ctx.database.exec(
      `update deduction_room_seats set last_seen_at = now() - interval '30 seconds' where room_id = $1 and user_id = $2`,
      [room.id, active.id],
    );
    await runClocks();
    expect((await ok(b, 'GET', `/${room.id}`)).game!.view.turn).toBe(0);
    await t.ctx.database.exec(
      `update deduction_room_seats set last_seen_at = now() - interval '61 seconds' where room_id = $1 and user_id = $2`,
      [room.id, active.id],
    );
    await runClocks();
    const later = await ok(b, 'GET', `/${room.id}`);
    expect(later.game!.view.history[0]).toMatchObject({ seat: seatOf(room, active), timeout: true });
    expect(later.seats.find((s) => s.userId === active.id)!.connected).toBe(false);
    // back: the page's heartbeat
    await ok(active, 'POST', `/${room.id}/presence`);
    expect((await ok(b, 'GET', `/${room.id}`)).seats.find((s) => s.userId === active.id)!.connected).toBe(true);
  });

  it('a player who leaves has their turns played by the timer at once, and may return', async () => {
    const [a, b] = [await person('lea'), await person('leo')];
    const room = await startedRoom([a, b]);
    const { game } = await dealt(room.id);
    const idle = game.deal.firstSeat === seatOf(room, a) ? b : a;
    const active = idle === a ? b : a;
    expect((await call(idle, 'POST', `/${room.id}/leave`)).status).toBe(200);
    await ok(active, 'POST', `/${room.id}/moves`, { turn: 0, guess: wrongGuess(await ok(active, 'GET', `/${room.id}`)) });
    const v = await ok(active, 'GET', `/${room.id}`);
    expect(v.game!.view.turn).toBe(2); // the leaver's turn was played at once
    expect(v.game!.view.history[1]).toMatchObject({ seat: seatOf(room, idle), timeout: true });
    expect(v.seats.find((s) => s.userId === idle.id)!.left).toBe(true);
    await ok(idle, 'POST', `/${room.id}/presence`);
    expect((await ok(active, 'GET', `/${room.id}`)).seats.find((s) => s.userId === idle.id)!.left).toBe(false);
  });
});

describe('the end and ratings', () => {
  async function playToWin(people: Person[], ai: ('EASY' | 'MEDIUM')[] = []) {
    const room = await startedRoom(people, ai);
    const { seed, game } = await dealt(room.id);
    const view = await ok(people[0]!, 'GET', `/${room.id}`);
    const turn = view.game!.view.turn;
    const active = people.find((p) => seatOf(view, p) === view.game!.view.activeSeat)!;
    const end = await ok(active, 'POST', `/${room.id}/moves`, { turn, guess: [...game.deal.answers] });
    return { room, seed, end, winner: active };
  }

  it('a game between people on their own networks is verified, recorded for every player and rated', async () => {
    const [a, b] = [await person('rae'), await person('rio')];
    const { room, seed, end, winner } = await playToWin([a, b]);
    const loser = winner === a ? b : a;
    expect(end.status).toBe('FINISHED');
    expect(end.result).toMatchObject({ seed, rated: true, unratedReason: null });
    expect(end.game!.view.outcome!.answers.length).toBe(3);
    const w = end.result!.seats.find((s) => s.userId === winner.id)!;
    const l = end.result!.seats.find((s) => s.userId === loser.id)!;
    expect(w.standing).toBe('WON');
    expect(w.ratingBefore).toBe(1500);
    expect(w.ratingAfter!).toBeGreaterThan(1500);
    expect(l.ratingAfter!).toBeLessThan(1500);
    // recorded for both, verified, off the score boards
    const { rows } = await t.ctx.database.exec(
      `select r.user_id, r.verified, r.ranked, r.won from game_records r join game_sessions s on s.id = r.session_id where s.metadata->>'roomId' = $1`,
      [room.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.verified === true && r.ranked === false)).toBe(true);
    const rating = await t.call({ method: 'GET', url: `/api/games/deduction/ratings/users/${winner.id}`, headers: loser.headers });
    expect(rating.body.data.rating).toMatchObject({ games: 1, provisional: true });
    expect(rating.body.data.rating.rating).toBeCloseTo(w.ratingAfter!, 6);
    const board = await t.call({ method: 'GET', url: `/api/games/deduction/ratings`, headers: a.headers });
    expect(board.body.data.items.map((i: { userId: string }) => i.userId)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('a game with an AI, or two seats from one network, is not rated', async () => {
    const [a, b] = [await person('amy'), await person('abe')];
    const withAi = await playToWin([a, b], ['EASY']);
    expect(withAi.end.result).toMatchObject({ rated: false, unratedReason: 'HAS_AI' });
    const [c, d] = [await person('cat'), await person('cam')];
    d.ip = c.ip.replace(/\.7$/, '.8'); // the same /24
    const sameNet = await playToWin([c, d]);
    expect(sameNet.end.result).toMatchObject({ rated: false, unratedReason: 'SAME_NETWORK' });
    expect(sameNet.end.result!.seats.every((s) => s.ratingAfter === null)).toBe(true);
    const none = await t.call({ method: 'GET', url: `/api/games/deduction/ratings/users/${c.id}`, headers: c.headers });
    expect(none.body.data.rating).toBeNull();
  });
});
