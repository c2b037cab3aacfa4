// Online deduction rooms at scale on one instance (docs/deduction.md "Online rooms", issue 37):
// BENCH_ROOMS rooms of BENCH_ROOM_SEATS people (the beginner preset) play at once, every seat's
// socket on its room's topic and its own seat's, as the room page is. The active player posts the
// turn's guess and the next player moves the moment their socket hears it (no pause: the ceiling).
// Figures: moves per second on the instance, the move request's p50/p95, the broadcast latency
// from a move's sending to its arrival on every seat's socket (p50/p95/p99 over every delivery),
// and the server's CPU per move. Side by side in memory and through Redis (a redis-server of the
// bench's own, as the fault suite starts one). The players run in a child process
// (bench/rooms-clients.mjs), so their side is not counted in the server's CPU; both share the two
// cores, as the figures do. PGlite, or PostgreSQL with DATABASE_URL (a throw-away database).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { RoomViewValue } from '@moim/contract';
import { DeductionGame, type DeductionSettings, type SeatSpec } from '@moim/games';
import { users } from '../apps/server/src/modules/users/schema.ts';
import { startRedis } from '../apps/server/test/faults/harness.ts';
import { reportTarget, startBenchApp } from './support.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 40);
const SEATS = Number(process.env.BENCH_ROOM_SEATS ?? 3);
// the beginner preset ends after 15 rounds: every game stays short of it
const MOVES = Math.min(Number(process.env.BENCH_ROOM_MOVES ?? 30), 15 * SEATS - 1);
const MODES = (process.env.BENCH_ROOM_MODES ?? 'memory,redis').split(',') as ('memory' | 'redis')[];
const DRIVER = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Figures {
  moves: number;
  seconds: number;
  requests: { p50: number; p95: number; p99: number };
  deliveries: { p50: number; p95: number; p99: number; count: number; expected: number };
  errors: Record<string, number>;
  unheard: number;
  cpuMsPerMove: number;
}

async function run(mode: 'memory' | 'redis'): Promise<Figures> {
  const redis = mode === 'redis' ? await startRedis() : null;
  const s = await startBenchApp(redis ? { REDIS_URL: redis.url } : {});
  let child: ReturnType<typeof spawn> | undefined;
  try {
    Object.assign(s.ctx.live.limits, { authTimeoutMs: 120_000 });
    const people: { id: string; token: string }[] = [];
    for (let i = 0; i < ROOMS * SEATS; i++) {
      const tag = randomBytes(5).toString('hex');
      const [row] = await s.ctx.db
        .insert(users)
        .values({ email: `${tag}@bench.moim.dev`, name: `p${tag}`, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' })
        .returning({ id: users.id });
      people.push({ id: row!.id, token: await s.ctx.tokens.sign({ id: row!.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' }) });
    }
    const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<RoomViewValue> => {
      const r = await s.app.inject({
        method,
        url: `/api/games/deduction/rooms${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (r.statusCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
      return (r.json() as { data: RoomViewValue }).data;
    };

    // the rooms, started; each turn's guess is never the answer set (no game ends early): even
    // turns guess no answer (a count every seat sees), odd turns one answer (the mover's own count)
    child = spawn(process.execPath, [new URL('./rooms-clients.mjs', import.meta.url).pathname, s.url], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    for (let r = 0; r < ROOMS; r++) {
      const seated = people.slice(r * SEATS, (r + 1) * SEATS);
      const created = await call(seated[0]!.token, 'POST', '', {
        preset: 'BEGINNER',
        theme: 'MIXED',
        seats: seated.map(() => ({ kind: 'HUMAN' })),
      });
      const topics = [created.seatTopic!];
      for (const p of seated.slice(1)) {
        topics.push((await call(p.token, 'POST', `/${created.id}/join`, { invite: created.invite })).seatTopic!);
        await call(p.token, 'POST', `/${created.id}/ready`, { ready: true });
      }
      const started = await call(seated[0]!.token, 'POST', `/${created.id}/start`);
      const { rows } = await s.ctx.database.exec(`select seed, settings from deduction_rooms where id = $1`, [created.id]);
      const setup = rows[0]!.settings as { settings: DeductionSettings; seats: SeatSpec[] };
      const game = new DeductionGame(String(rows[0]!.seed), setup.settings, setup.seats);
      const k = game.settings.answerCount;
      const wrong = game.deal.keywords.map((_, i) => i).filter((i) => !game.isAnswer[i]);
      const guesses = Array.from({ length: MOVES }, (_, t) => {
        const hits = t % 2;
        const rest = Array.from({ length: k - hits }, (_, j) => wrong[(t * 2 + j) % wrong.length]!);
        return [...game.deal.answers.slice(0, hits), ...rest].sort((x, y) => x - y);
      });
      child.stdin!.write(
        `${JSON.stringify({ id: created.id, first: started.game!.view.firstSeat, seats: seated.map((p, i) => ({ token: p.token, topic: topics[i] })), guesses })}\n`,
      );
    }

    const out = createInterface({ input: child.stdout! });
    const players = child;
    const exited = new Promise<never>((_, reject) => players.on('exit', (code) => reject(new Error(`the players exited (${code})`))));
    exited.catch(() => undefined); // awaited below; an early exit fails the line being waited for
    const nextLine = (prefix: string) =>
      Promise.race([
        new Promise<string>((resolve) => {
          const onLine = (line: string) => {
            if (!line.startsWith(prefix)) return;
            out.off('line', onLine);
            resolve(line.slice(prefix.length));
          };
          out.on('line', onLine);
        }),
        exited,
      ]);
    const ready = nextLine('ready ');
    child.stdin!.write('go\n');
    const opened = Number(await ready);
    if (opened !== ROOMS * SEATS || s.ctx.live.sockets !== ROOMS * SEATS) {
      throw new Error(`opened ${opened}, the hub counts ${s.ctx.live.sockets}, wanted ${ROOMS * SEATS}`);
    }
    const done = nextLine('done ');
    const cpu0 = process.cpuUsage();
    child.stdin!.write('play\n');
    const figures = JSON.parse(await done) as Omit<Figures, 'cpuMsPerMove'>;
    const cpu = process.cpuUsage(cpu0);
    child.stdin!.write('close\n');
    await exited.catch(() => undefined);
    return { ...figures, cpuMsPerMove: (cpu.user + cpu.system) / 1000 / Math.max(1, figures.moves) };
  } finally {
    if (child && child.exitCode === null) child.kill();
    await s.close();
    await redis?.stop();
  }
}

const label = { memory: 'in memory', redis: 'Redis fan-out' } as const;
const results = new Map<'memory' | 'redis', Figures>();
for (const mode of MODES) results.set(mode, await run(mode));

const ms = (x: number) => `${x.toFixed(1)} ms`;
const rows: [string, (f: Figures) => string][] = [
  ['moves per second (one instance)', (f) => (f.moves / f.seconds).toFixed(0)],
  ['move request p50 / p95', (f) => `${ms(f.requests.p50)} / ${ms(f.requests.p95)}`],
  ["move → every seat's socket p50 / p95 / p99", (f) => `${ms(f.deliveries.p50)} / ${ms(f.deliveries.p95)} / ${ms(f.deliveries.p99)}`],
  ['server CPU per move', (f) => ms(f.cpuMsPerMove)],
  ['moves played; deliveries heard / expected', (f) => `${f.moves}; ${f.deliveries.count} / ${f.deliveries.expected}`],
  ['refused moves; moves not heard in 30 s', (f) => `${JSON.stringify(f.errors)}; ${f.unheard}`],
];
console.log(
  `rooms, one instance (${DRIVER}): ${ROOMS} rooms × ${SEATS} seats playing at once (${ROOMS * SEATS} sockets, each on its room's and its seat's topic), ${MOVES} moves a room; each player moves the moment their socket hears the move before`,
);
const head = ['', ...MODES.map((m) => label[m])];
const table = [head, ...rows.map(([name, f]) => [name, ...MODES.map((m) => f(results.get(m)!))])];
const width = head.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
for (const r of table) console.log(`| ${r.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`);

for (const mode of MODES) {
  const f = results.get(mode)!;
  reportTarget({
    what: `rooms: move → every seat's socket p95, ${ROOMS} rooms × ${SEATS} seats at once`,
    on: `${DRIVER}, ${label[mode]}`,
    figure: ms(f.deliveries.p95),
    target: '≤ 1,000 ms (a page sees a change within a second)',
    met: f.deliveries.p95 <= 1_000 && f.deliveries.count === f.deliveries.expected && f.unheard === 0,
  });
}
