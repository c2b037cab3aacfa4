/**
 * How long the server needs to verify a TETRIS result: replay of a 10-minute game's input
 * log (36,000 active ticks) played by the deterministic bot, compared field by field.
 *
 *   npx tsx bench/tetris-verify.bench.ts
 *
 * Prints p50/p95 CPU milliseconds per verification (process.cpuUsage, so other load on a
 * noisy machine counts less), side by side with the same replay through the immutable
 * `stepTetris` and with parsing alone, and exits non-zero when p95 misses the target.
 */

import {
  createTetrisState,
  parseTetrisLog,
  playTetrisBot,
  stepTetris,
  summarizeTetris,
  verifyTetrisResult,
  type TetrisAction,
  type TetrisLog,
} from '../packages/games/src/index.ts';

const TARGET_MS = 20;
const RUNS = 50;
const WARMUP = 10;
const SEED = 'bench-tetris-10min';

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

function measure(fn: () => unknown): { p50: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(cpuMs(fn));
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Replays through the public immutable step (one cloned state per tick), for comparison. */
function replayImmutable(log: TetrisLog): void {
  let state = createTetrisState(log.seed);
  let k = 0;
  for (let tick = 0; tick < log.ticks; tick++) {
    const actions: TetrisAction[] = [];
    while (k < log.inputs.length && log.inputs[k]?.[0] === tick) actions.push(log.inputs[k++]![1]);
    state = stepTetris(state, actions);
  }
  summarizeTetris(state);
}

const botStart = performance.now();
const game = playTetrisBot(SEED, { pauses: [{ atTick: 12_000, forTicks: 900 }] });
const botMs = performance.now() - botStart;
const claim = { ...game.summary, gameData: game.log };
const claimJson = { ...game.summary, gameData: JSON.stringify(game.log) };

const check = verifyTetrisResult(claim, SEED);
if (!check.ok) {
  console.error('honest bot game was refused:', check);
  process.exit(1);
}

const s = game.summary;
console.log(
  `bot game: seed "${SEED}", ${game.log.ticks} ticks (${game.state.activeTicks} active), ` +
    `${game.log.inputs.length} inputs, ${game.state.piecesPlaced} pieces, score ${s.score}, ` +
    `level ${s.level}, lines ${s.linesCleared}, maxCombo ${s.maxCombo}, ${s.timeElapsedSeconds}s ` +
    `(generated in ${botMs.toFixed(0)} ms); log JSON ${(JSON.stringify(game.log).length / 1024).toFixed(1)} KiB`,
);

const verify = measure(() => verifyTetrisResult(claim, SEED));
const verifyJson = measure(() => verifyTetrisResult(claimJson, SEED));
const immutable = measure(() => replayImmutable(game.log));
const parseOnly = measure(() => parseTetrisLog(claimJson.gameData));

const fmt = (m: { p50: number; p95: number }): string => `p50 ${m.p50.toFixed(2)} ms, p95 ${m.p95.toFixed(2)} ms`;
const pass = verify.p95 <= TARGET_MS && verifyJson.p95 <= TARGET_MS;

console.log(`  parse + validate log JSON only           : ${fmt(parseOnly)}`);
console.log(`  replay via immutable stepTetris          : ${fmt(immutable)}`);
console.log(`  verifyTetrisResult (gameData as JSON text): ${fmt(verifyJson)}`);
console.log(
  `tetris verify (10-min game, ${game.log.inputs.length} inputs): ${fmt(verify)} CPU — ` +
    `target ≤ ${TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
);
if (!pass) process.exit(1);
