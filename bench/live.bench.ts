// The live channel at scale on one instance (docs/live.md "Limits"): 2,000 sockets open on one
// app (100 people, 20 sockets each, every socket on its person's topic), the server's memory per
// socket (heap and RSS after a full GC, before and after they open), and broadcast latency: a
// round publishes one event on each of the 100 topics, and each of the 2,000 sockets reports the
// time from the publish to its arrival (p50/p95 over every delivery of every round). The clients
// run in a child process (bench/live-clients.mjs), so their side is not counted in the server's
// memory; both processes share the two cores, as the figures do. In memory, or through Redis
// with REDIS_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { users } from '../apps/server/src/modules/users/schema.ts';
import { reportTarget, startBenchApp } from './support.ts';

const PEOPLE = Number(process.env.BENCH_LIVE_PEOPLE ?? 100);
const PER_PERSON = Number(process.env.BENCH_LIVE_PER_PERSON ?? 20);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 20);
const SOCKETS = PEOPLE * PER_PERSON;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function memory() {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const now = () => performance.timeOrigin + performance.now();

const env: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
const s = await startBenchApp(env);
const mode = process.env.REDIS_URL ? 'Redis fan-out' : 'in memory';
try {
  const live = s.ctx.live;
  // 2,000 sign-ins at once on a shared machine may take longer than a person's 10 s
  Object.assign(live.limits, { authTimeoutMs: 120_000 });
  const people: { id: string; token: string }[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const tag = randomBytes(5).toString('hex');
    const [row] = await s.ctx.db
      .insert(users)
      .values({ email: `${tag}@bench.moim.dev`, name: `bench-${tag}`, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' })
      .returning({ id: users.id });
    people.push({ id: row!.id, token: await s.ctx.tokens.sign({ id: row!.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' }) });
  }

  const before = memory();
  const child = spawn(
    process.execPath,
    [new URL('./live-clients.mjs', import.meta.url).pathname, `${s.url.replace('http', 'ws')}/api/live`],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const out = createInterface({ input: child.stdout! });
  const latencies = new Map<number, number[]>();
  let readyResolve: (n: number) => void = () => undefined;
  const ready = new Promise<number>((resolve, reject) => {
    readyResolve = resolve;
    child.on('exit', (code) => reject(new Error(`the clients exited (${code}) before they were ready`)));
  });
  out.on('line', (line) => {
    const [what, a, b] = line.split(' ');
    if (what === 'ready') readyResolve(Number(a));
    else if (what === 'lat') {
      const round = Number(a);
      let list = latencies.get(round);
      if (!list) latencies.set(round, (list = []));
      list.push(Number(b));
    }
  });
  for (const p of people)
    for (let k = 0; k < PER_PERSON; k++) child.stdin!.write(`${JSON.stringify({ token: p.token, topic: `user:${p.id}` })}\n`);
  const t0 = now();
  child.stdin!.write('go\n');
  const opened = await ready;
  const openSeconds = (now() - t0) / 1000;
  if (opened !== SOCKETS || live.sockets !== SOCKETS)
    throw new Error(`opened ${opened}, the hub counts ${live.sockets}, wanted ${SOCKETS}`);
  const after = memory();
  const heapPer = (after.heap - before.heap) / SOCKETS;
  const rssPer = (after.rss - before.rss) / SOCKETS;

  const all: number[] = [];
  const roundTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(people.map((p) => live.publish(`user:${p.id}`, 'notification.changed', { round, t0: now() })));
    const deadline = Date.now() + 30_000;
    while ((latencies.get(round)?.length ?? 0) < SOCKETS) {
      if (Date.now() > deadline) throw new Error(`round ${round}: ${latencies.get(round)?.length ?? 0} of ${SOCKETS} deliveries`);
      await new Promise((r) => setTimeout(r, 5));
    }
    roundTimes.push(Math.max(...latencies.get(round)!));
    all.push(...latencies.get(round)!);
  }
  child.stdin!.write('close\n');
  await new Promise((r) => child.on('exit', r));

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `live channel, one instance (${mode}): ${SOCKETS} sockets (${PEOPLE} people × ${PER_PERSON}) opened and subscribed in ${openSeconds.toFixed(1)} s`,
  );
  console.log(
    `  server memory per open socket: heap ${kb(heapPer)} KB, RSS ${kb(rssPer)} KB (after GC; ${kb(after.heap - before.heap)} KB heap in all)`,
  );
  console.log(
    `  broadcast (${PEOPLE} topics × ${PER_PERSON} sockets = ${SOCKETS} deliveries a round, ${ROUNDS} rounds): publish → socket p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms; last delivery of a round p50 ${pct(roundTimes, 50).toFixed(1)} ms`,
  );
  console.log(`  messages sent by the hub: ${live.stats.sent}, dropped ${JSON.stringify(live.stats.dropped)}`);
  reportTarget({
    what: `live: server heap per open socket, ${SOCKETS} sockets`,
    on: mode,
    figure: `${kb(heapPer)} KB`,
    target: '≤ 64 KB',
    met: heapPer <= 64 * 1024,
  });
  reportTarget({
    what: `live: broadcast to ${SOCKETS} sockets, publish → socket p95`,
    on: mode,
    figure: `${pct(all, 95).toFixed(1)} ms`,
    target: '≤ 1,000 ms (a page sees a change within a second)',
    met: pct(all, 95) <= 1_000,
  });
} finally {
  await s.close();
}
