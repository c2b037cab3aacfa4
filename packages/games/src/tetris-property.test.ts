import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  NEXT_QUEUE_SIZE,
  pieceFits,
  stepTetris,
  createTetrisState,
  summarizeTetris,
  type TetrisAction,
  type TetrisState,
} from './tetris-engine.ts';
import { replayTetris, TetrisGame, type TetrisLog } from './tetris-log.ts';
import { chooseTetrisMove } from './tetris-bot.ts';
import { verifyTetrisResult } from './tetris-verify.ts';

/** Weighted so games actually progress: mostly moves and drops, pause rarely. */
const actionArb: fc.Arbitrary<TetrisAction> = fc.oneof(
  { arbitrary: fc.constantFrom<TetrisAction>('L', 'R'), weight: 30 },
  { arbitrary: fc.constantFrom<TetrisAction>('CW', 'CCW'), weight: 20 },
  { arbitrary: fc.constant<TetrisAction>('HD'), weight: 15 },
  { arbitrary: fc.constantFrom<TetrisAction>('SD', 'SDON', 'SDOFF'), weight: 10 },
  { arbitrary: fc.constant<TetrisAction>('HOLD'), weight: 5 },
  { arbitrary: fc.constant<TetrisAction>('P'), weight: 1 },
);

/**
 * A game script: per burst, some idle ticks then one tick with 0–4 random actions, or
 * with the bot's placement for the current piece (so that lines, combos, B2B, T-spins and
 * level-ups happen, not only random stacking and top-outs).
 */
const scriptArb = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 24 }),
  bursts: fc.array(
    fc.record({
      idle: fc.nat({ max: 40 }),
      bot: fc.boolean(),
      actions: fc.array(actionArb, { maxLength: 4 }),
    }),
    { maxLength: 120, size: 'max' },
  ),
});
type Script = typeof scriptArb extends fc.Arbitrary<infer T> ? T : never;

/** Runs a script, asking `current()` for the state the bot plans against. */
function drive(script: Script, current: () => TetrisState, tick: (actions: TetrisAction[]) => void): void {
  for (const burst of script.bursts) {
    for (let i = 0; i < burst.idle; i++) tick([]);
    const s = current();
    tick(burst.bot && s.piece && !s.paused ? chooseTetrisMove(s) : burst.actions);
  }
}

function play(script: Script): TetrisGame {
  const game = new TetrisGame(script.seed);
  drive(
    script,
    () => game.state,
    (actions) => game.step(actions),
  );
  return game;
}

/** Plain checks (no per-cell expect calls: they would dominate the run time). */
function invariantViolation(s: TetrisState): string | null {
  if (s.board.length !== BOARD_WIDTH * BOARD_HEIGHT) return 'board size';
  for (let i = 0; i < s.board.length; i++) if ((s.board[i] as number) > 7) return `cell ${i}`;
  if (s.next.length !== NEXT_QUEUE_SIZE) return 'next queue size';
  if ((s.piece === null) !== s.gameOver) return 'piece present iff game running';
  // Inside the field and on empty cells only.
  if (s.piece && !pieceFits(s.board, s.piece.kind, s.piece.rotation, s.piece.x, s.piece.y)) {
    return 'active piece overlaps the stack or leaves the field';
  }
  if (s.activeTicks > s.ticks) return 'activeTicks > ticks';
  if (s.level !== s.startLevel + Math.floor(s.linesCleared / 10)) return 'level';
  return null;
}

function fingerprint(s: TetrisState): string {
  return JSON.stringify({ ...s, board: s.board.join('') });
}

const RUNS = 100;

describe('Tetris properties', () => {
  it('never overlaps the stack or leaves the field, and the score never decreases', () => {
    fc.assert(
      fc.property(scriptArb, (script) => {
        let state = createTetrisState(script.seed);
        expect(invariantViolation(state)).toBeNull();
        drive(
          script,
          () => state,
          (actions) => {
            const next = stepTetris(state, actions);
            const problem =
              invariantViolation(next) ??
              (next.score < state.score ? 'score decreased' : null) ??
              (next.linesCleared < state.linesCleared ? 'lines decreased' : null) ??
              (next.maxCombo < state.maxCombo ? 'maxCombo decreased' : null);
            if (problem) expect.fail(`tick ${state.ticks}: ${problem}`);
            state = next;
          },
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('replaying the recorded log reproduces the exact final state', () => {
    fc.assert(
      fc.property(scriptArb, (script) => {
        const game = play(script);
        const log = game.log();
        expect(replayTetris(log)).toEqual(game.state);
        // The log survives a JSON round trip.
        expect(replayTetris(JSON.parse(JSON.stringify(log)) as TetrisLog)).toEqual(game.state);
      }),
      { numRuns: RUNS },
    );
  });

  it('the immutable step and the mutable replay agree, and step never mutates its input', () => {
    fc.assert(
      fc.property(scriptArb, (script) => {
        const game = new TetrisGame(script.seed);
        let state = createTetrisState(script.seed);
        let i = 0;
        drive(
          script,
          () => state,
          (actions) => {
            const before = i++ % 8 === 0 ? fingerprint(state) : null;
            const next = stepTetris(state, actions);
            if (before !== null && fingerprint(state) !== before) expect.fail(`step ${i} mutated its input`);
            game.step(actions);
            state = next;
          },
        );
        expect(state).toEqual(game.state);
        expect(replayTetris(game.log())).toEqual(state);
      }),
      { numRuns: RUNS },
    );
  });

  it('verification accepts the honest summary and refuses any altered claim', () => {
    const fields = ['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo'] as const;
    fc.assert(
      fc.property(
        scriptArb,
        fc.constantFrom(...fields),
        fc.integer({ min: 1, max: 1000 }),
        fc.boolean(),
        (script, field, delta, asJson) => {
          const game = play(script);
          const summary = summarizeTetris(game.state);
          const log = game.log();
          const gameData = asJson ? JSON.stringify(log) : log;
          const honest = verifyTetrisResult({ ...summary, gameData }, script.seed);
          expect(honest).toMatchObject({ ok: true, summary });

          const altered = summary[field] >= delta && delta % 2 === 0 ? summary[field] - delta : summary[field] + delta;
          expect(verifyTetrisResult({ ...summary, [field]: altered, gameData }, script.seed)).toMatchObject({
            ok: false,
            reason: 'FIELD_MISMATCH',
            field,
          });
          expect(verifyTetrisResult({ ...summary, gameData }, `${script.seed}x`)).toMatchObject({
            ok: false,
            reason: 'SEED_MISMATCH',
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('verification refuses malformed logs', () => {
    type Mutation = (log: Record<string, unknown>, inputs: unknown[]) => void;
    const mutations: Record<string, Mutation> = {
      version: (log) => (log.v = 2),
      missingSeed: (log) => delete log.seed,
      extraField: (log) => (log.cheat = true),
      negativeTicks: (log) => (log.ticks = -1),
      fractionalTicks: (log) => (log.ticks = 10.5),
      tooManyTicks: (log) => (log.ticks = 10_000_000),
      inputsNotArray: (log) => (log.inputs = {}),
      unknownAction: (_log, inputs) => inputs.push([0, 'TELEPORT']),
      tickAtEnd: (log, inputs) => inputs.push([log.ticks, 'L']),
      unsorted: (_log, inputs) => inputs.push([5, 'L'], [4, 'R']),
      badEntry: (_log, inputs) => inputs.push([3]),
      stringTick: (_log, inputs) => inputs.push(['3', 'L']),
      floodedTick: (_log, inputs) => inputs.push(...Array.from({ length: 40 }, () => [7, 'L'])),
      startLevelOutOfRange: (log) => (log.startLevel = 99),
    };
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat({ max: 600 }), fc.constantFrom(...Object.keys(mutations)), (seed, ticks, name) => {
        const game = new TetrisGame(seed);
        for (let i = 0; i < ticks; i++) game.step(i % 50 === 49 ? ['HD'] : []);
        const summary = summarizeTetris(game.state);
        const log = game.log() as unknown as Record<string, unknown>;
        log.ticks = Math.max(log.ticks as number, 10); // room for the tick-based mutations
        const inputs: unknown[] = [];
        log.inputs = inputs; // mutations that need inputs start from an empty, valid list
        mutations[name]!(log, inputs);
        const result = verifyTetrisResult({ ...summary, gameData: log }, seed);
        expect(result).toMatchObject({ ok: false, reason: 'MALFORMED_LOG' });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('Tetris property generator', () => {
  it('reaches line clears, combos, level-ups and game overs (the properties are not vacuous)', () => {
    const games = fc.sample(scriptArb, { numRuns: RUNS, seed: 42 }).map((script) => play(script).state);
    const share = (pred: (s: TetrisState) => boolean) => games.filter(pred).length / games.length;
    expect(share((s) => s.linesCleared > 0)).toBeGreaterThan(0.3);
    expect(share((s) => s.maxCombo > 0)).toBeGreaterThan(0.05);
    expect(share((s) => s.gameOver)).toBeGreaterThan(0.05);
  });
});
