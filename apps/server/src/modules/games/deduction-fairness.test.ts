// Fairness of a refereed DEDUCTION game: until it ends, no answer the browser gets (the session
// start, the view, every turn, every reveal, every refused call) carries a built-in AI's private
// knowledge — its hints, the counts of its guesses, the answers or the seed. Whole games are
// played through HTTP on every preset and a custom setup, against every AI level, one to one and
// with several seats on the device (hot-seat people, a custom bot); after each answer the test
// replays the session's refereed log on its seed (read from the database, as only the server
// knows it) and scans the answer's JSON for any of those facts.
import { presetSettings, replayDeduction, Rng, type AiLevel, type DeductionGame, type DeductionSettings, type SeatSpec } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { deductionPlayOf, deductionReveal, deductionTurn, makeUser, sessionSeed, start } from './games-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEVELS: AiLevel[] = ['EASY', 'MEDIUM', 'HARD'];
const CUSTOM: DeductionSettings = {
  preset: 'CUSTOM',
  theme: 'PROGRAMMING',
  globalHint: false, // no count is public then, not even a zero
  poolSize: 40,
  answerCount: 4,
  hintCount: 6,
  turnSeconds: 30,
  maxRounds: 10,
};
const SETTINGS: Record<string, DeductionSettings> = {
  BEGINNER: presetSettings('BEGINNER', 'ANIMALS'),
  INTERMEDIATE: presetSettings('INTERMEDIATE', 'FOODS'),
  ADVANCED: presetSettings('ADVANCED', 'JOBS'),
  CUSTOM,
};

/** What the server knows of a running game after an answer: its seed and its replayed log. */
interface Facts {
  seed: string;
  game: DeductionGame;
  aiSeats: Set<number>;
}

const setKey = (items: readonly number[]) => [...items].sort((a, b) => a - b).join(',');

/**
 * Every place in an answer where a built-in AI's private knowledge shows: the seed, the answers
 * (or any other end-of-game field), an AI's hints or reveals, the count of an AI's guess unless the
 * global hint made it public (a guess with no answer), keywords "revealed" that are not public.
 */
function leaks(body: unknown, f: Facts): string[] {
  const g = f.game;
  const out: string[] = [];
  if (JSON.stringify(body).includes(f.seed)) out.push('the seed');
  const answers = setKey(g.deal.answers);
  const hints = new Map([...f.aiSeats].map((seat) => [setKey(g.seatStates[seat]!.hints), seat]));
  // A person may happen to guess exactly an AI's hint keywords (late in a game few keywords are
  // left open to them): that guess, its count and what it reveals are theirs, not a leak.
  for (const [seat, s] of g.seatStates.entries()) if (!f.aiSeats.has(seat)) for (const r of s.guesses) hints.delete(setKey(r.guess));
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      if (node.length > 0 && node.every((v) => Number.isInteger(v))) {
        const key = setKey(node as number[]);
        if (key === answers) out.push(`${path}: the answers`);
        if (hints.has(key)) out.push(`${path}: the hints of seat ${hints.get(key)}`);
      }
      node.forEach((v, i) => visit(v, `${path}[${i}]`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    for (const key of ['answers', 'candidateCounts', 'outcome', 'final']) if (o[key] != null) out.push(`${path}.${key} before the end`);
    if (typeof o.seat === 'number' && f.aiSeats.has(o.seat)) {
      const seat = o.seat;
      for (const key of ['hints', 'answerReveals', 'wrongReveals']) if (key in o) out.push(`${path}.${key} of AI seat ${seat}`);
      if (o.keyword != null) out.push(`${path}.keyword of AI seat ${seat}`);
      if (o.correct != null) {
        const guesses = g.seatStates[seat]!.guesses;
        const record = typeof o.turn === 'number' ? guesses.find((r) => r.turn === o.turn) : guesses.at(-1);
        const isPublic = g.settings.globalHint && o.correct === 0 && record?.correct === 0;
        if (!isPublic) out.push(`${path}.correct = ${String(o.correct)} of AI seat ${seat}`);
      }
      if (Array.isArray(o.revealed)) {
        for (const i of o.revealed as number[])
          if (!g.settings.globalHint || !g.globalWrong.includes(i)) out.push(`${path}.revealed ${i} of AI seat ${seat} is not public`);
      }
    }
    for (const [key, v] of Object.entries(o)) visit(v, `${path}.${key}`);
  };
  visit(body, '$');
  return out;
}

async function loggedEvents(sessionId: string) {
  const r = await t.ctx.database.exec(`select events from deduction_session_logs where session_id = $1`, [sessionId]);
  return (r.rows[0] as { events: Parameters<typeof replayDeduction>[3] }).events;
}

/** Random keywords the seat (one this device plays) does not know to be wrong. */
function quickGuess(game: DeductionGame, seat: number, rng: Rng): number[] {
  const wrong = game.knownWrong(seat);
  const open = Array.from({ length: game.settings.poolSize }, (_, i) => i).filter((i) => !wrong[i]);
  return rng
    .shuffle(open)
    .slice(0, game.settings.answerCount)
    .sort((a, b) => a - b);
}

interface Walk {
  problems: string[];
  answers: number;
  turns: number;
  /** Answers to a built-in AI's move scanned (the game went on after it). */
  aiMoves: number;
}

/**
 * Plays a whole game through HTTP and scans every answer before its end. The device's seats guess
 * at random among what they do not know to be wrong (seat 0 names the answers at its `solveAt`th
 * guess, if any), buy a reveal of each kind, time out once, and make refused calls on the way.
 */
async function walk(settings: DeductionSettings, seats: SeatSpec[], game: string, solveAt: number | null): Promise<Walk> {
  const user = await makeUser(t, 'fair');
  const s = await start(t, user, 'DEDUCTION', { settings, seats });
  const id = s.sessionId;
  const seed = await sessionSeed(t, id);
  const aiSeats = new Set(seats.flatMap((spec, i) => (spec.kind === 'AI' ? [i] : [])));
  let f: Facts = { seed, aiSeats, game: replayDeduction(seed, settings, seats, await loggedEvents(id)) };
  const rng = new Rng(`fairness-${game}`);
  const problems: string[] = [];
  let answers = 0;
  let aiMoves = 0;
  const scan = (label: string, body: unknown) => {
    answers++;
    for (const p of leaks(body, f)) problems.push(`${label}: ${p}`);
  };
  /** A call that changed nothing (refused, or a read): scanned against the current facts. */
  const refused = async (label: string, call: Promise<{ status: number; body: unknown }>, status: number) => {
    const r = await call;
    expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(status);
    scan(label, r.body);
  };
  scan('start', s);
  const session = await t.call({ method: 'GET', url: `/api/games/sessions/${id}`, headers: user.headers });
  scan('session', session.body);
  let play = (await deductionPlayOf(t, user, id)).body;
  scan('view', play);
  const made = new Map<number, number>();
  const tried = new Set<number>();
  while (!play.data.final) {
    const v = play.data.view;
    const seat: number = v.activeSeat;
    const spec = seats[seat]!;
    const label = `turn ${v.turn} (seat ${seat}, ${spec.kind})`;
    let body: Record<string, unknown> = { turn: v.turn };
    if (!tried.has(seat)) {
      tried.add(seat);
      await refused(`${label}, stale`, deductionTurn(t, user, id, { turn: v.turn + 1 }), 409);
      if (spec.kind === 'AI') {
        await refused(`${label}, a guess for the AI`, deductionTurn(t, user, id, { turn: v.turn, guess: quickGuess(f.game, 0, rng) }), 409);
        await refused(`${label}, a reveal for the AI`, deductionReveal(t, user, id, { turn: v.turn, kind: 'ANSWER' }), 409);
      } else {
        const dup = Array.from({ length: settings.answerCount }, () => 0);
        await refused(`${label}, a bad guess`, deductionTurn(t, user, id, { turn: v.turn, guess: dup }), 422);
      }
      if (spec.kind === 'HUMAN') {
        for (const kind of ['WRONG', 'ANSWER'] as const) {
          const r = await deductionReveal(t, user, id, { turn: v.turn, kind });
          expect(r.status).toBe(200);
          f = { ...f, game: replayDeduction(seed, settings, seats, await loggedEvents(id)) };
          scan(`${label}, ${kind} reveal`, r.body);
        }
      }
    }
    if (spec.kind !== 'AI') {
      const n = (made.get(seat) ?? 0) + 1;
      made.set(seat, n);
      if (seat === 0 && n === solveAt) body = { ...body, guess: [...f.game.deal.answers] };
      else if (spec.kind === 'HUMAN' && n === 2) body = { ...body, timeout: true };
      else if (spec.kind === 'BOT' && n % 3 === 0) body = { ...body, skip: 'BOT_TIMEOUT' };
      else body = { ...body, guess: quickGuess(f.game, seat, rng) };
    }
    const r = await deductionTurn(t, user, id, body);
    expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(200);
    f = { ...f, game: replayDeduction(seed, settings, seats, await loggedEvents(id)) };
    play = r.body;
    if (play.data.final) break;
    if (spec.kind === 'AI') aiMoves++;
    scan(label, play);
    await refused(`${label}, view`, deductionPlayOf(t, user, id), 200);
  }
  // The facts are the game's: the end shows this seed, and the scan finds it in the final answer.
  expect(play.data.final.seed).toBe(seed);
  expect(leaks(play, f)).toContain('the seed');
  return { problems, answers, turns: f.game.turn, aiMoves };
}

async function expectFair(settings: DeductionSettings, seats: SeatSpec[], name: string, solveAt: (number | null)[]) {
  let aiMoves = 0;
  for (const [i, at] of solveAt.entries()) {
    const w = await walk(settings, seats, `${name}-${i}`, at);
    expect(w.problems, `${name}, game ${i + 1} (${w.turns} turns, ${w.answers} answers)`).toEqual([]);
    aiMoves += w.aiMoves;
  }
  expect(aiMoves).toBeGreaterThan(0);
}

// each test plays whole games through HTTP (hundreds of calls): the limit is a hang guard for a busy
// machine behind a pooler, not a speed claim
const WHOLE_GAMES = { timeout: 120_000 };

describe('one person against a built-in AI', WHOLE_GAMES, () => {
  for (const [preset, settings] of Object.entries(SETTINGS)) {
    describe(preset, () => {
      for (const level of LEVELS) {
        it(`against ${level}: no answer before the end shows the AI's hints, counts, the answers or the seed`, async () => {
          const seats: SeatSpec[] = [
            { kind: 'HUMAN', name: '나' },
            { kind: 'AI', level },
          ];
          // Games the person never solves (the AI or the round cap ends them), and two they solve.
          await expectFair(settings, seats, `${preset}-${level}`, [null, null, 4, 8]);
        });
      }
    });
  }
});

describe('several seats on one device', WHOLE_GAMES, () => {
  it('hot-seat people against a HARD AI', async () => {
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: '가' },
      { kind: 'HUMAN', name: '나' },
      { kind: 'AI', level: 'HARD' },
    ];
    await expectFair(SETTINGS.BEGINNER!, seats, 'hot-seat', [null, null, 5]);
  });

  it('one person against two AIs (neither AI’s counts reach the device)', async () => {
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: '나' },
      { kind: 'AI', level: 'EASY' },
      { kind: 'AI', level: 'MEDIUM' },
    ];
    await expectFair(SETTINGS.INTERMEDIATE!, seats, 'two-ais', [null, null, 5]);
  });

  it('a person and a custom bot against a MEDIUM AI (custom setup with the global hint)', async () => {
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: '나' },
      { kind: 'BOT', botId: 'bot-1', name: '내 봇' },
      { kind: 'AI', level: 'MEDIUM' },
    ];
    await expectFair({ ...CUSTOM, globalHint: true, answerCount: 3 }, seats, 'bot', [null, null, 5]);
  });

  it('two people, a bot and two AIs', async () => {
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: '가' },
      { kind: 'AI', level: 'HARD' },
      { kind: 'HUMAN', name: '나' },
      { kind: 'BOT', botId: 'bot-2', name: '봇' },
      { kind: 'AI', level: 'EASY' },
    ];
    await expectFair(SETTINGS.ADVANCED!, seats, 'five-seats', [null, null]);
  });
});
