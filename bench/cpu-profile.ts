// Shared by the CPU diagnostics (cpu-per-call.ts, projects-cpu.ts, leaderboard-cpu.ts): the
// min/median line of their rounds, and a node:inspector sampling profile of one endpoint printed as
// self time by function, by module, and inclusive (each sample's stack, every frame counted once).
//   CPU_TOP=<n> / CPU_TOP_INCL=<n>: rows of the self and inclusive tables;
//   CPU_PROFILE_OUT=<file>: also write the raw .cpuprofile (open it in Chromium's DevTools).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * The main thread's own CPU in µs (the event loop: HTTP, JSON, the driver's JS), apart from the
 * process's (which counts worker threads, e.g. the embedded database's): its scheduler run time
 * from /proc (Linux; null elsewhere).
 */
export function mainCpu(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return null;
  }
}

/** `min … med …` (µs per call) of each label's rounds; labels without rounds are left out. */
export function minMedian(res: Map<string, number[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [label, xs] of res) {
    if (xs.length === 0) continue;
    xs.sort((a, b) => a - b);
    out[label] = `min ${Math.round(xs[0]!)} med ${Math.round(xs[Math.floor(xs.length / 2)]!)}`;
  }
  return out;
}

/** A frame's name: function, then its file shortened to the package or the project's path. */
function frameName(f: { functionName: string; url: string; lineNumber: number }): string {
  const file = f.url
    .replace(/.*node_modules\//, '')
    .replace(/.*\/apps\//, 'apps/')
    .replace(/.*\/bench\//, 'bench/');
  return `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`;
}

/** The package (or node: module, or wasm) a frame name belongs to. */
function moduleOf(name: string): string {
  const file = name.split(' ')[1] ?? '';
  if (file.startsWith('wasm')) return 'wasm';
  if (file.startsWith('node:')) return file.split(':').slice(0, 2).join(':');
  if (!file.includes('/')) return name;
  return file
    .split('/')
    .slice(0, file.startsWith('@') || file.startsWith('apps/') ? 2 : 1)
    .join('/');
}

function printTop(title: string, m: Map<string, number>, total: number, rows: number): void {
  console.log(`-- ${title}`);
  for (const [k, n] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${k}`);
}

/** Profile `calls` calls of `call` (sampling every 100 µs) and print where the time went. */
export async function profileCalls(calls: number, call: () => Promise<unknown>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < calls; i++) await call();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  if (process.env.CPU_PROFILE_OUT) writeFileSync(process.env.CPU_PROFILE_OUT, JSON.stringify(profile));

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (id: number) => frameName(byId.get(id)!.callFrame);
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  const mods = new Map<string, number>();
  let total = 0;
  for (const [id, n] of counts) {
    self.set(name(id), (self.get(name(id)) ?? 0) + n);
    mods.set(moduleOf(name(id)), (mods.get(moduleOf(name(id))) ?? 0) + n);
    total += n;
  }
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (const [id, n] of counts) {
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) seen.add(name(x));
    for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + n);
  }
  printTop('by module', mods, total, 25);
  printTop('by function (self)', self, total, Number(process.env.CPU_TOP ?? 45));
  printTop('inclusive', incl, total, Number(process.env.CPU_TOP_INCL ?? 60));
}
