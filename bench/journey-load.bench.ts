// Issue 39 item 6, "a whole journey at load": LOAD_USERS virtual users each loop a visitor's
// whole journey against the built server (apps/server/dist/main.js) on PostgreSQL and Redis,
// first with one instance, then with two behind a proxy that alternates between them request by
// request (the fault suite's harness, apps/server/test/faults/harness.ts: its own redis-server on
// a free port, a fresh PostgreSQL database per run, dropped at the end). One instance also sits
// behind that proxy, so the only difference between the runs is the number of instances.
//
// A journey: browse the study list (GET /api/studies/paged), open a study from it by slug, sign
// up (the virtual user's first journey) or sign in (its later ones), apply to a study — a paid one
// every other journey: its leader accepts, then the card payment through the built-in test
// gateway (start, the hosted checkout page and its form with the approving test card, confirm) —
// start a Tetris session and end it with a real replay (the bot of @moim/games plays the session's
// seed, LOAD_TETRIS_TICKS ticks, verified by the server), and search the job postings. The studies
// applied to are the bench's own (proposed by the demo leader, approved by the demo admin through
// the second factor; a new one whenever 90 places of one are taken, capacity 100), so every
// application is a new one; browsing meets the demo studies (SEED_DEMO=true) and these.
//
// Printed per run: journeys completed per second, p50/p95/p99 and errors (by status and error
// code) per step, and each instance's CPU (utime + stime of /proc/<pid>/stat over the run, as a
// share of one core), next to this process's own (virtual users, the Tetris bot, the proxy: they
// share the machine). Then one and two instances side by side. Rate limits are off
// (RATE_LIMITS_ENABLED=false, as in e2e): hundreds of users from one address would otherwise be
// throttled, which is not what is measured.
//
//   LOAD_USERS=200  LOAD_SECONDS=60  LOAD_MODE=one|two|both (both)  LOAD_RAMP_SECONDS=10 (users start spread over it)
//   LOAD_THINK_MS=1000 (a person's pause between two steps: uniform over 0.5–1.5× this; 0 = none, a
//   closed loop that finds the throughput ceiling instead of serving people at a pace)
//   LOAD_TETRIS_TICKS=600 (10 s of play per game; ≤ 900: the server allows 15 s of clock slack)
//   FAULTS_DATABASE_URL (default postgres://root@127.0.0.1:5432/test: only a throw-away database is created there)
// Needs `node scripts/start.mjs --build-only` first, PostgreSQL and redis-server; skipped without them.
import { addDays, seoulDate, TEST_CARDS } from '@moim/contract';
import { playTetrisBot } from '@moim/games';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { generate } from 'otplib';
import {
  MAIN,
  freshDatabase,
  percentile,
  postgresAvailable,
  roundRobin,
  startRedis,
  startServer,
  tempDir,
  type ServerProcess,
} from '../apps/server/test/faults/harness.ts';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RAMP_SECONDS = Number(process.env.LOAD_RAMP_SECONDS ?? 10);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const TETRIS_TICKS = Math.min(900, Number(process.env.LOAD_TETRIS_TICKS ?? 600));
const MODES = (process.env.LOAD_MODE ?? 'both') === 'both' ? [1, 2] : process.env.LOAD_MODE === 'two' ? [2] : [1];
/** places taken per bench study before the next one is opened (capacity 100) */
const PER_STUDY = 90;
const PASSWORD = 'load journey passphrase 2026';
const DEMO_LEADER = { email: 'leader@moim.dev', password: 'moim-leader-2026!' };
const DEMO_ADMIN = { email: 'admin@moim.dev', password: 'moim-admin-2026!', totp: 'MOIMDEMOADMINSECRETTOTPKEY234567' };
const JOB_QUERIES = ['자바', '리액트', '백엔드', 'ㅂㅇㄷ', '프론트엔드', '데이터', 'spring', '쿠버네티스'];
const CARD = TEST_CARDS[0].number;
const CLK_TCK = 100; // USER_HZ on Linux (`getconf CLK_TCK`)

const STEPS = [
  'browse',
  'open study',
  'sign up',
  'sign in',
  'apply',
  'leader accepts',
  'pay: start',
  'pay: checkout page',
  'pay: card form',
  'pay: confirm',
  'tetris: start',
  'tetris: end',
  'job search',
] as const;
type Step = (typeof STEPS)[number] | 'new study (setup)';

interface StepStats {
  ms: number[];
  errors: Map<string, number>;
}

class StepError extends Error {}

interface Reply {
  status: number;
  body: any;
  headers: Headers | null;
}

/** One request, timed into its step; a failure (non-2xx/3xx as expected, time-out) is counted and thrown. */
function makeClient(base: string, stats: Map<Step, StepStats>) {
  const of = (step: Step) => {
    let s = stats.get(step);
    if (!s) stats.set(step, (s = { ms: [], errors: new Map() }));
    return s;
  };
  return async function call(
    step: Step,
    method: string,
    path: string,
    opts: { json?: unknown; form?: string; token?: string; headers?: Record<string, string>; expect?: number[] } = {},
  ): Promise<Reply> {
    if (THINK_MS > 0 && step !== 'new study (setup)') await think();
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const t0 = performance.now();
    let r: Reply;
    try {
      const res = await fetch(base + path, {
        method,
        headers,
        body: opts.json !== undefined ? JSON.stringify(opts.json) : (opts.form ?? null),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* HTML (the checkout page) */
      }
      r = { status: res.status, body, headers: res.headers };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      r = { status: 0, body: { error: { code: e.name === 'TimeoutError' ? 'TIMEOUT' : (e.cause?.code ?? e.name) } }, headers: null };
    }
    const s = of(step);
    s.ms.push(performance.now() - t0);
    const ok = opts.expect ? opts.expect.includes(r.status) : r.status >= 200 && r.status < 300;
    if (!ok) {
      const key = `${r.status} ${(r.body as { error?: { code?: string } } | undefined)?.error?.code ?? ''}`.trim();
      s.errors.set(key, (s.errors.get(key) ?? 0) + 1);
      throw new StepError(`${step}: ${key}`);
    }
    return r;
  };
}

type Call = ReturnType<typeof makeClient>;

/** A person's pause before the next step (reading the page, typing). */
function think(): Promise<void> {
  return new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
}

async function signInDemo(call: Call): Promise<{ leader: string; admin: string }> {
  const leader = await call('sign in', 'POST', '/api/auth/login', { json: { email: DEMO_LEADER.email, password: DEMO_LEADER.password } });
  // the demo admin answers with a second-factor challenge (docs/accounts.md), a build without one with its tokens
  const first = await call('sign in', 'POST', '/api/auth/login', {
    json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    expect: [200, 401],
  });
  if (first.status === 200) return { leader: leader.body.data.accessToken, admin: first.body.data.accessToken };
  const second = await call('sign in', 'POST', '/api/auth/second-factor/login', {
    json: { challengeToken: first.body.error.details.challengeToken, code: await generate({ secret: DEMO_ADMIN.totp }) },
  });
  return { leader: leader.body.data.accessToken, admin: second.body.data.accessToken };
}

/** The bench's own studies, made on demand: the demo leader proposes, the demo admin approves. */
function studyPool(call: Call, tokens: { leader: string; admin: string }) {
  const made = new Map<string, Promise<string>>();
  const today = seoulDate(new Date());
  return (paid: boolean, index: number): Promise<string> => {
    const key = `${paid ? 'paid' : 'free'}-${index}`;
    let p = made.get(key);
    if (!p) {
      p = (async () => {
        const r = await call('new study (setup)', 'POST', '/api/studies', {
          token: tokens.leader,
          json: {
            title: `부하 시험 ${paid ? '유료' : '무료'} 스터디 ${index + 1}`,
            generation: 1,
            type: 'PARTICIPATORY',
            welcomeMessage: '함께 공부해요!',
            scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '22:00' },
            location: { type: 'ONLINE' },
            capacity: 100,
            recruitDeadline: addDays(today, 13),
            startDate: addDays(today, 14),
            endDate: addDays(today, 42),
            recurrenceType: 'WEEKLY',
            ...(paid ? { costType: 'PAID', cost: 30_000 } : { costType: 'FREE' }),
          },
        });
        const id = r.body.data.id as string;
        await call('new study (setup)', 'POST', `/api/studies/${id}/status`, { token: tokens.admin, json: { action: 'APPROVE' } });
        return id;
      })();
      made.set(key, p);
      p.catch(() => made.delete(key)); // the next journey tries again
    }
    return p;
  };
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]); // utime, stime (fields 14 and 15)
}

/** CPU ticks of every PostgreSQL process on this machine (backends come and go: counted by the ones alive at each read). */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      ticks.set(Number(d), cpuTicks(Number(d)));
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks;
}

function postgresCpu(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum / CLK_TCK;
}

/** The distinct error lines (level ≥ 50) in a server's recent output, with how often each came. */
function serverErrors(output: string): string[] {
  const seen = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!/"level":(50|60)/.test(line)) continue;
    const msg = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '?';
    const err = /"message":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '';
    const key = `${msg}${err ? `: ${err.slice(0, 160)}` : ''}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([k, n]) => `${k} ×${n}`);
}

interface RunResult {
  instances: number;
  seconds: number;
  journeys: number;
  failed: number;
  /** journeys stopped by an answer of a shape this script did not expect (not a failed request) */
  unexpected: number;
  stats: Map<Step, StepStats>;
  /** each instance's CPU over the run, in cores (1 = one core busy all the time) */
  cpu: number[];
  benchCpu: number;
  /** every PostgreSQL process's CPU over the run, in cores */
  postgresCpu: number;
  requestsPerInstance: number[];
  /** error lines the instances logged (from the last 20 KB of each one's output) */
  serverErrors: string[];
}

async function run(instances: number): Promise<RunResult> {
  const db = await freshDatabase(`load${instances}`);
  const redis = await startRedis();
  const dirs = Array.from({ length: instances }, (_, i) => tempDir(`moim-load-${i}-`));
  const servers: ServerProcess[] = [];
  let lb: Awaited<ReturnType<typeof roundRobin>> | undefined;
  try {
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      RATE_LIMITS_ENABLED: 'false',
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'true',
      // the demo leader's and admin's tokens are kept for the whole run
      ACCESS_TOKEN_TTL_SECONDS: String(Math.min(86_400, Math.max(900, SECONDS + 600))),
    };
    // the first instance migrates and seeds the demo content; the others start on the seeded database
    for (const d of dirs) {
      const s = await startServer({ ...env, DATA_DIR: d.path });
      servers.push(s);
      await s.ready(300_000);
    }
    lb = await roundRobin(servers.map((s) => s.url));
    const base = lb.url;
    const stats = new Map<Step, StepStats>();
    const call = makeClient(base, stats);
    const tokens = await signInDemo(call);
    const study = studyPool(call, tokens);
    await Promise.all([study(true, 0), study(false, 0)]);
    stats.clear(); // the set-up's requests are not the journeys'

    const slots = { paid: 0, free: 0 };
    let journeys = 0;
    let failed = 0;
    let unexpected = 0;
    let running = true;
    const runTag = Date.now().toString(36);

    async function virtualUser(v: number) {
      await new Promise((r) => setTimeout(r, (v / USERS) * RAMP_SECONDS * 1000));
      let account = 0;
      let email = '';
      const applied = new Set<string>();
      for (let j = 0; running; j++) {
        try {
          const page = await call('browse', 'GET', `/api/studies/paged${j % 2 ? '?recruiting=true' : ''}`);
          const content = (page.body.data.content ?? []) as { slug: string }[];
          const pick = content[Math.floor(Math.random() * content.length)];
          if (pick) await call('open study', 'GET', `/api/studies/slug/${encodeURIComponent(pick.slug)}`);
          let token: string;
          if (!email) {
            const fresh = `load-${runTag}-${v}-${account++}@load.test`;
            const r = await call('sign up', 'POST', '/api/users/register', {
              json: { email: fresh, password: PASSWORD, name: `부하${v}` },
            });
            token = r.body.data.accessToken;
            email = fresh;
          } else {
            const r = await call('sign in', 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
            token = r.body.data.accessToken;
          }
          const paid = j % 2 === 0;
          // the next free place in the bench's studies of this kind that this account has not applied to
          const kind = paid ? 'paid' : 'free';
          let index: number;
          do index = Math.floor(slots[kind]++ / PER_STUDY);
          while (applied.has(`${kind}-${index}`));
          applied.add(`${kind}-${index}`);
          const studyId = await study(paid, index);
          const app = await call('apply', 'POST', `/api/studies/${studyId}/applications`, {
            token,
            json: { motivation: '부하 시험으로 열심히 참여하겠습니다.' },
          });
          const appId = app.body.data.applicationId as string;
          if (paid) {
            await call('leader accepts', 'POST', `/api/studies/${studyId}/applications/${appId}/accept`, {
              token: tokens.leader,
              json: {},
            });
            const start = await call('pay: start', 'POST', `/api/studies/${studyId}/applications/${appId}/payment`, {
              token,
              json: { method: 'CARD' },
              headers: { origin: base },
            });
            const checkoutUrl = new URL(start.body.data.checkoutUrl as string, base);
            await call('pay: checkout page', 'GET', checkoutUrl.pathname + checkoutUrl.search);
            const form = new URLSearchParams(checkoutUrl.searchParams);
            form.set('cardNumber', CARD);
            form.set('action', 'pay');
            const done = await call('pay: card form', 'POST', checkoutUrl.pathname, { form: form.toString(), expect: [303] });
            const q = new URL(done.headers!.get('location') ?? '', base).searchParams;
            await call('pay: confirm', 'POST', '/api/payments/confirm', {
              token,
              json: { paymentKey: q.get('paymentKey'), orderId: q.get('orderId'), amount: Number(q.get('amount')) },
            });
          }
          const s = await call('tetris: start', 'POST', '/api/games/sessions/start', { token, json: { gameTypeCode: 'TETRIS' } });
          const game = playTetrisBot(s.body.data.seed, { maxActiveTicks: TETRIS_TICKS, startLevel: s.body.data.startLevel });
          await call('tetris: end', 'POST', '/api/games/sessions/end', {
            token,
            json: { sessionId: s.body.data.sessionId, result: { ...game.summary, gameData: game.log } },
          });
          await call('job search', 'GET', `/api/job-postings?q=${encodeURIComponent(JOB_QUERIES[j % JOB_QUERIES.length]!)}`);
          journeys++;
        } catch (err) {
          // a StepError is counted in its step; anything else is an answer this script did not expect
          if (!(err instanceof StepError)) unexpected++;
          failed++;
          if (failed <= 5 || failed % 100 === 0) console.log(`  (journey ${failed} stopped by an error at ${(err as Error).message})`);
        }
      }
    }

    const cpu0 = servers.map((s) => cpuTicks(s.child.pid!));
    const pg0 = postgresTicks();
    const bench0 = process.cpuUsage();
    const counts0 = [...lb.counts];
    const t0 = performance.now();
    const users = Array.from({ length: USERS }, (_, v) => virtualUser(v));
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    running = false;
    await Promise.all(users);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = servers.map((s, i) => (cpuTicks(s.child.pid!) - cpu0[i]!) / CLK_TCK / seconds);
    const pg = postgresCpu(pg0, postgresTicks()) / seconds;
    const b = process.cpuUsage(bench0);
    return {
      instances,
      seconds,
      journeys,
      failed,
      unexpected,
      stats,
      cpu,
      benchCpu: (b.user + b.system) / 1e6 / seconds,
      postgresCpu: pg,
      requestsPerInstance: lb.counts.map((c, i) => c - counts0[i]!),
      serverErrors: servers.flatMap((s) => serverErrors(s.output())),
    };
  } finally {
    await lb?.close();
    await Promise.all(servers.map((s) => s.kill()));
    await redis.stop();
    await db.drop();
    for (const d of dirs) d.remove();
  }
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function print(r: RunResult) {
  const label = `${r.instances} instance${r.instances > 1 ? 's' : ''}`;
  console.log(`\n--- ${label} behind the proxy, PostgreSQL + Redis, ${USERS} virtual users, ${r.seconds.toFixed(0)} s, rate limits off`);
  console.log(
    `journeys: ${r.journeys} completed (${(r.journeys / r.seconds).toFixed(2)}/s), ${r.failed} stopped by an error (${r.unexpected} of them by an unexpected answer); requests per instance ${r.requestsPerInstance.join(' / ')}`,
  );
  console.log(
    `CPU: ${r.cpu.map((c, i) => `instance ${i + 1} ${(c * 100).toFixed(0)} %`).join(', ')} of one core; PostgreSQL ${(r.postgresCpu * 100).toFixed(0)} %; this process (users, bot, proxy) ${(r.benchCpu * 100).toFixed(0)} %`,
  );
  for (const e of r.serverErrors.slice(0, 8)) console.log(`  logged: ${e}`);
  console.log(`${'step'.padEnd(20)} ${'count'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  errors`);
  for (const step of [...STEPS, 'new study (setup)' as const]) {
    const s = r.stats.get(step);
    if (!s) continue;
    const errors = [...s.errors].map(([k, n]) => `${k} ×${n}`).join(', ');
    console.log(
      `${step.padEnd(20)} ${String(s.ms.length).padStart(7)} ${ms(percentile(s.ms, 50)).padStart(7)} ${ms(percentile(s.ms, 95)).padStart(7)} ${ms(percentile(s.ms, 99)).padStart(7)}  ${errors || '-'}`,
    );
  }
}

if (!existsSync(MAIN)) {
  console.log(`journey load: skipped, ${MAIN} is missing (node scripts/start.mjs --build-only)`);
} else if (!(await postgresAvailable())) {
  console.log('journey load: skipped, PostgreSQL is not reachable (FAULTS_DATABASE_URL)');
} else {
  console.log(
    `journey load: ${USERS} virtual users for ${SECONDS} s per run (started over ${RAMP_SECONDS} s, ${THINK_MS ? `pausing ~${THINK_MS} ms between steps` : 'no pause between steps'}), Tetris games of ${TETRIS_TICKS} ticks; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const results: RunResult[] = [];
  for (const n of MODES) {
    const r = await run(n);
    print(r);
    results.push(r);
  }
  if (results.length === 2) {
    const [one, two] = results as [RunResult, RunResult];
    const p95 = (r: RunResult, step: Step) => {
      const s = r.stats.get(step);
      return s ? `${ms(percentile(s.ms, 95))} ms` : '-';
    };
    const errors = (r: RunResult) => [...r.stats.values()].reduce((n, s) => n + [...s.errors.values()].reduce((a, b) => a + b, 0), 0);
    console.log('\n--- side by side');
    const rows: [string, string, string][] = [
      ['journeys/s', (one.journeys / one.seconds).toFixed(2), (two.journeys / two.seconds).toFixed(2)],
      ['failed requests', String(errors(one)), String(errors(two))],
      [
        'CPU per instance',
        one.cpu.map((c) => `${(c * 100).toFixed(0)} %`).join(' / '),
        two.cpu.map((c) => `${(c * 100).toFixed(0)} %`).join(' / '),
      ],
      ['CPU of PostgreSQL', `${(one.postgresCpu * 100).toFixed(0)} %`, `${(two.postgresCpu * 100).toFixed(0)} %`],
      ['CPU of this process', `${(one.benchCpu * 100).toFixed(0)} %`, `${(two.benchCpu * 100).toFixed(0)} %`],
      ...STEPS.map((s): [string, string, string] => [`p95 ${s}`, p95(one, s), p95(two, s)]),
    ];
    console.log(`${''.padEnd(24)} ${'one instance'.padStart(16)} ${'two instances'.padStart(16)}`);
    for (const [k, a, b] of rows) console.log(`${k.padEnd(24)} ${a.padStart(16)} ${b.padStart(16)}`);
  }
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
}
