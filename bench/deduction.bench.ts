/**
 * Deduction game speed targets (issue 17):
 * - a built-in AI's move on each preset: HARD on every preset, EASY/MEDIUM/HARD on advanced,
 *   p50/p95 CPU ms over every move of several seeded games — target ≤ 200 ms;
 * - the server's verification of a 25-round advanced game (two seats to the round cap, so the
 *   cap rule counts both seats' candidate sets): verifyDeductionResult against the refereed
 *   turns, p50/p95 — target ≤ 20 ms.
 *
 *   npx tsx bench/deduction.bench.ts
 */
import {
  aiMove,
  DeductionGame,
  deductionResult,
  presetSettings,
  verifyDeductionResult,
  type AiLevel,
  type DeductionPresetId,
  type SeatSpec,
} from '../packages/games/src/index.ts';

const MOVE_TARGET_MS = 200;
const VERIFY_TARGET_MS = 20;
const GAMES = 6;

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] ?? NaN, n: s.length };
};

/** Moves of `level` (at seat 0) against `rival`, over several seeds of a preset. */
function aiMoves(preset: DeductionPresetId, level: AiLevel, rival: AiLevel): number[] {
  const times: number[] = [];
  for (let g = 0; g < GAMES; g++) {
    const seats: SeatSpec[] = [
      { kind: 'AI', level },
      { kind: 'AI', level: rival },
    ];
    const game = new DeductionGame(`bench-${preset}-${level}-${g}`, presetSettings(preset), seats);
    while (!game.outcome) {
      const seat = game.activeSeat!;
      let guess: number[] = [];
      const ms = cpuMs(() => (guess = aiMove(game)));
      if (seat === 0) times.push(ms);
      game.apply({ type: 'guess', seat, guess });
    }
  }
  return times;
}

let pass = true;
const rows: [string, ReturnType<typeof fmt>][] = [];
for (const preset of ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const)
  rows.push([`HARD move, ${preset.toLowerCase()}`, fmt(aiMoves(preset, 'HARD', 'EASY'))]);
rows.push(['MEDIUM move, advanced', fmt(aiMoves('ADVANCED', 'MEDIUM', 'EASY'))]);
rows.push(['EASY move, advanced', fmt(aiMoves('ADVANCED', 'EASY', 'EASY'))]);
for (const [label, m] of rows) {
  const ok = m.p95 <= MOVE_TARGET_MS;
  pass &&= ok;
  console.log(
    `${label.padEnd(26)}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, max ${m.max.toFixed(1)} ms (${m.n} moves) — target p95 ≤ ${MOVE_TARGET_MS} ms: ${ok ? 'PASS' : 'FAIL'}`,
  );
}

// A 25-round advanced game to the cap: a person (seat 0, thinking 20 s a turn) against an EASY AI.
const settings = presetSettings('ADVANCED');
const seats: SeatSpec[] = [
  { kind: 'HUMAN', name: '나' },
  { kind: 'AI', level: 'EASY' },
];
const seed = 'bench-verify-advanced-25';
const game = new DeductionGame(seed, settings, seats);
while (!game.outcome) {
  const seat = game.activeSeat!;
  // The person plays random guesses that avoid what they know is wrong (never solving it in time).
  game.apply(seat === 0 ? { type: 'guess', seat, guess: game.timeoutGuess(), ms: 20_000 } : { type: 'guess', seat, guess: aiMove(game) });
}
const { fields } = deductionResult(game, 0);
const claim = { ...fields, gameData: JSON.stringify({ v: 1, settings, seats, events: game.events }) };
const expected = { settings, seats, events: game.events };
const first = verifyDeductionResult(claim, seed, expected);
if (!first.ok) {
  console.error('the honest game was refused:', first);
  process.exit(1);
}
for (let i = 0; i < 10; i++) verifyDeductionResult(claim, seed, expected);
const verify = fmt(Array.from({ length: 60 }, () => cpuMs(() => verifyDeductionResult(claim, seed, expected))));
const vOk = verify.p95 <= VERIFY_TARGET_MS;
pass &&= vOk;
console.log(
  `verify advanced game      : ${game.outcome!.turns} turns (${settings.maxRounds} rounds, ${game.outcome!.reason}), ` +
    `p50 ${verify.p50.toFixed(2)} ms, p95 ${verify.p95.toFixed(2)} ms CPU — target p95 ≤ ${VERIFY_TARGET_MS} ms: ${vOk ? 'PASS' : 'FAIL'}`,
);
if (!pass) process.exit(1);
