/**
 * Team Shuffle at meetup-and-beyond scale: 1,000 participants into teams of 5 with 20
 * constraints (10 keep-together, 10 keep-apart), balanced by a skill tag, in V8 (the engine of
 * Chrome) under Node.
 *
 *   npx tsx bench/team-shuffle.bench.ts
 *
 * Prints p50/p95 milliseconds per shuffle (CPU time of this process, so other load on a noisy
 * machine counts less; wall time alongside), side by side with the plain shuffle and with
 * "spread past teammates" over the last 3 results added, and exits non-zero when the
 * constrained case misses the target (p95 ≤ 50 ms).
 */
import { checkTeams, shuffleTeams, type ShuffleInput } from '../packages/games/src/index.ts';

const TARGET_MS = 50;
const RUNS = 60;
const WARMUP = 10;

const LEVELS = ['입문', '초급', '중급', '고급'];
const people = Array.from({ length: 1000 }, (_, i) => ({ id: `m${i}`, tags: { level: LEVELS[(i * 7) % 4]!, role: i % 3 ? 'BE' : 'FE' } }));
const id = (i: number) => `m${(i * 37) % 1000}`;
const together = Array.from({ length: 10 }, (_, g) => (g % 2 ? [id(g * 3), id(g * 3 + 1)] : [id(g * 3), id(g * 3 + 1), id(g * 3 + 2)]));
const apart = Array.from({ length: 10 }, (_, g) => [id(100 + g * 4), id(101 + g * 4), id(102 + g * 4)]);

const plain: Omit<ShuffleInput, 'seed'> = { people, split: { by: 'size', value: 5 } };
const constrained: Omit<ShuffleInput, 'seed'> = { ...plain, together, apart, balanceBy: 'level' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function measure(label: string, make: (i: number) => ShuffleInput) {
  for (let i = 0; i < WARMUP; i++) shuffleTeams(make(-1 - i));
  const cpu: number[] = [];
  const wall: number[] = [];
  let relaxed = 0;
  for (let i = 0; i < RUNS; i++) {
    const input = make(i);
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const r = shuffleTeams(input);
    wall.push(performance.now() - w0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    relaxed += r.relaxed.length;
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const p95 = percentile(cpu, 95);
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms CPU ` +
      `(wall p95 ${percentile(wall, 95).toFixed(1)} ms); relaxations over ${RUNS} runs: ${relaxed}`,
  );
  return p95;
}

measure('1,000 people, no constraints', (i) => ({ ...plain, seed: `bench-${i}` }));
const p95 = measure('1,000 people, 20 constraints + balance', (i) => ({ ...constrained, seed: `bench-${i}` }));
let past: string[][][] = [];
for (let k = 0; k < 3; k++) past = [shuffleTeams({ ...constrained, seed: `history-${k}` }).teams, ...past];
measure('… + spread past teammates (last 3)', (i) => ({ ...constrained, past, spreadLast: 3, seed: `bench-${i}` }));

const sample = shuffleTeams({ ...constrained, seed: 'bench-check' });
const check = checkTeams({ ...constrained, seed: 'bench-check' }, sample.teams);
console.log(
  `  check: ${sample.teams.length} teams, broken together ${check.brokenTogether.length}, broken apart ${check.brokenApart.size}, ` +
    `worst tag spread ${Math.max(...check.balanceSpread.values())}`,
);
const pass = p95 <= TARGET_MS;
console.log(
  `team shuffle (1,000 participants, 20 constraints): p95 ${p95.toFixed(1)} ms CPU — target ≤ ${TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
);
if (!pass) process.exit(1);
