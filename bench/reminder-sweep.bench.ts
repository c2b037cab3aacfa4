// Issue 36, "the reminder sweep for 10⁴ upcoming sessions" (docs/reminders.md): reminders are jobs
// on the database queue, one per (session, reminder time, start instant), queued when sessions are
// made or moved, re-checked when they run. What an operator meets at BENCH_SESSIONS (10⁴) upcoming
// sessions, BENCH_STUDIES (10³) studies of BENCH_MEMBERS (3) members and their leader, every person
// with BENCH_DEVICES (1) browser allowed to push, default reminder times (24 h and 1 h):
//
// 1. scheduling: `scheduleStudy` of every study, each in its own transaction as a study's approval
//    or schedule change runs it: the time per study (p50/p95) and in all, the job rows it made
//    (10⁴ sessions × 2 times); then the same again, which queues nothing (the dedupe keys);
// 2. the queue's idle poll with those 2·10⁴ jobs pending and none due (what every instance pays
//    once a second per lane, BENCH_POLLS times);
// 3. sending: the instant where the first BENCH_DUE (500) reminders are due (ties included), and
//    the queue drained as one instance's poll loop drains it, one job after another: each reminder
//    claims its members and writes their inbox notices, queues their mails (the outbox transport)
//    and one push per device, whose jobs run next; the pushes are encrypted (RFC 8291), signed
//    (VAPID) and POSTed to a local push service (apps/server/test/push-endpoint.ts, in this process:
//    it checks and decrypts each). Figures: reminders and member reminders per second, p50/p95 of
//    one reminder's whole send (its job and its members' mail and push jobs), per job kind, then
//    every count checked: one delivery, notice, mail and push per member and device, no job failed.
//
// Seeding writes rows in a few `generate_series` statements; the sessions are spread over ten weeks
// at 09:00–21:30 (half-hour slots). PGlite, or PostgreSQL with DATABASE_URL (a throw-away database).
// The app is built here rather than by startBenchApp: the push provider's fetcher must be allowed to
// reach the local push service (`fetchPolicy`), which only createContext takes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { closeContext, createContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { pushSubscriptions } from '../apps/server/src/modules/notifications/schema.ts';
import { startPushEndpoint } from '../apps/server/test/push-endpoint.ts';
import { benchDatabase, reportTarget } from './support.ts';

const STUDIES = Number(process.env.BENCH_STUDIES ?? 1_000);
const PER_STUDY = Math.max(1, Math.round(Number(process.env.BENCH_SESSIONS ?? 10_000) / STUDIES));
const SESSIONS = STUDIES * PER_STUDY;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 3);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1);
const DUE = Number(process.env.BENCH_DUE ?? 500);
const POLLS = Number(process.env.BENCH_POLLS ?? 200);
const DRIVER = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/** The default reminder times (24 h and 1 h): two jobs per session. */
const TIMES = 2;
/** Scheduling runs inside the transaction of a study's approval or schedule change (a request). */
const TARGET_SCHEDULE_P95_MS = 100;
/** An instance polls each lane once a second: an idle poll within 10 ms is ≤ 1 % of a core. */
const TARGET_POLL_P95_MS = 10;
/** The evening peak's reminders (below) all out within this. */
const PEAK_SECONDS = 60;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const ms = (x: number) => (Number.isNaN(x) ? '-' : `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} ms`);
const n = (x: number) => x.toLocaleString('en-US');

const push = await startPushEndpoint();
const dataDir = mkdtempSync(join(tmpdir(), 'moim-bench-'));
const own = process.env.DATABASE_URL ? await benchDatabase(process.env.DATABASE_URL) : undefined;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  JOBS_ENABLED: 'false',
  ...(own ? { DATABASE_URL: own.url, JWT_SECRET: randomBytes(32).toString('hex') } : {}),
});
const ctx = await createContext(config, {
  logger: pino({ level: 'silent' }),
  rateLimits: false,
  // the push service is on loopback (production allows public addresses only)
  fetchPolicy: { allowAddress: () => true, allowPort: () => true },
});
const app = await buildApp(ctx);
await app.ready();
try {
  const { reminders } = app.apis.calendar;
  const exec = (text: string, params?: unknown[]) => ctx.database.exec(text, params);
  const count = async (text: string, params?: unknown[]) => Number((await exec(text, params)).rows[0]!.n);

  // ---------------------------------------------------------------------------------------------
  // Seeding: people, studies, memberships, sessions, devices
  const t0 = performance.now();
  await ctx.database.session(async (db) => {
    await db.exec(
      `insert into users (email, name) select 'rem-leader-' || i || '@bench.moim.dev', '리더 ' || i from generate_series(0, $1::int - 1) i`,
      [STUDIES],
    );
    await db.exec(
      `insert into users (email, name) select 'rem-member-' || i || '@bench.moim.dev', '멤버 ' || i from generate_series(0, $1::int - 1) i`,
      [STUDIES * MEMBERS],
    );
    await db.exec(
      `with today as (select (now() at time zone 'Asia/Seoul')::date as d)
       insert into studies (slug, title, generation, proposer_id, leader_id, type, welcome_message, schedule, duration,
         schedule_weekdays, session_start_time, session_end_time, location_type, capacity, enrolled, seats_taken,
         recruit_deadline, status, recurrence_type, start_date, end_date, cost_type)
       select 'rem-bench-' || i, '리마인더 벤치 스터디 ' || i, 1, u.id, u.id, 'PARTICIPATORY', '함께해요, 벤치마크!', '매주 한 번',
         '10주', array['MON'], '20:00', '22:00', 'ONLINE', greatest($2::int, 1), $2::int, $2::int,
         now() + interval '1 day', 'APPROVED', 'WEEKLY', today.d + 2, today.d + 2 + 7 * $3::int, 'FREE'
       from generate_series(0, $1::int - 1) i
       join users u on u.email = 'rem-leader-' || i || '@bench.moim.dev', today`,
      [STUDIES, MEMBERS, PER_STUDY],
    );
    await db.exec(
      `insert into study_memberships (study_id, user_id, role)
       select s.id, s.leader_id, 'OWNER' from studies s where s.slug like 'rem-bench-%'`,
    );
    await db.exec(
      `insert into study_memberships (study_id, user_id, role)
       select s.id, u.id, 'MEMBER'
       from generate_series(0, $1::int - 1) i
       join studies s on s.slug = 'rem-bench-' || i
       cross join generate_series(0, $2::int - 1) j
       join users u on u.email = 'rem-member-' || (i * $2::int + j) || '@bench.moim.dev'`,
      [STUDIES, MEMBERS],
    );
    // session k of study i: 2–8 days from today + k weeks, a half-hour slot of 09:00–21:30
    await db.exec(
      `with today as (select (now() at time zone 'Asia/Seoul')::date as d),
       g as (
         select s.id as study_id, s.leader_id, k, today.d + 2 + (i % 7) + 7 * k as day, (i * 7 + k * 3) % 26 as slot
         from generate_series(0, $1::int - 1) i
         join studies s on s.slug = 'rem-bench-' || i
         cross join generate_series(0, $2::int - 1) k, today
       )
       insert into study_events (study_id, title, date, start_time, end_time, event_type, location, link, created_by)
       select study_id, (k + 1) || '회차', day,
         lpad((9 + slot / 2)::text, 2, '0') || case when slot % 2 = 0 then ':00' else ':30' end,
         lpad((11 + slot / 2)::text, 2, '0') || case when slot % 2 = 0 then ':00' else ':30' end,
         'regular', 'online', 'https://meet.moim.dev/bench', leader_id
       from g`,
      [STUDIES, PER_STUDY],
    );
    await db.exec('analyze');
  });
  const people = (
    await exec(
      `select id from users where email like 'rem-leader-%@bench.moim.dev' or email like 'rem-member-%@bench.moim.dev' order by email`,
    )
  ).rows.map((r) => String(r.id));
  const devices = people.flatMap((userId, p) =>
    Array.from({ length: DEVICES }, (_, d) => {
      const device = push.device(`p${p}-d${d}`);
      return { userId, endpoint: device.endpoint, p256dh: device.subscription.keys.p256dh, auth: device.subscription.keys.auth };
    }),
  );
  for (let i = 0; i < devices.length; i += 1_000) await ctx.db.insert(pushSubscriptions).values(devices.slice(i, i + 1_000));
  const studyIds = (await exec(`select id from studies where slug like 'rem-bench-%' order by id`)).rows.map((r) => String(r.id));
  const sessions = await count(
    `select count(*) as n from study_events where study_id in (select id from studies where slug like 'rem-bench-%')`,
  );
  const span = (
    await exec(`select min(date)::text as first, max(date)::text as last, (max(date) - min(date) + 1)::int as days from study_events`)
  ).rows[0]!;
  const seedS = (performance.now() - t0) / 1000;
  console.log(
    `reminder sweep (${DRIVER}): ${n(sessions)} upcoming sessions (${span.first} – ${span.last}, ${span.days} days) of ${n(STUDIES)} studies × ${MEMBERS} members and a leader, ${DEVICES} device(s) each; seeded in ${seedS.toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)}`,
  );

  // ---------------------------------------------------------------------------------------------
  // 1. Scheduling: every study's sessions, each study in its own transaction; then again
  async function scheduleAll(): Promise<{ each: number[]; seconds: number; queued: number }> {
    const before = await count(`select count(*) as n from jobs where kind = 'calendar.reminder' and status = 'pending'`);
    const each: number[] = [];
    const start = performance.now();
    for (const id of studyIds) {
      const t = performance.now();
      await ctx.db.transaction((tx) => reminders.scheduleStudy(tx, id));
      each.push(performance.now() - t);
    }
    const seconds = (performance.now() - start) / 1000;
    const after = await count(`select count(*) as n from jobs where kind = 'calendar.reminder' and status = 'pending'`);
    return { each, seconds, queued: after - before };
  }
  const first = await scheduleAll();
  const again = await scheduleAll();
  const expectedJobs = sessions * TIMES;

  // ---------------------------------------------------------------------------------------------
  // 2. The idle poll: nothing due, the reminders pending
  const polls: number[] = [];
  let ranWhileIdle = 0;
  for (let i = 0; i < POLLS; i++) {
    const t = performance.now();
    ranWhileIdle += await ctx.jobs.drain(new Date());
    polls.push(performance.now() - t);
  }

  // ---------------------------------------------------------------------------------------------
  // 3. Sending: the first DUE reminders come due; one instance drains the queue
  const [edge] = (
    await exec(
      `select (extract(epoch from run_at) * 1000)::float8 as ms from jobs where kind = 'calendar.reminder' and status = 'pending'
       order by run_at, id offset $1::int - 1 limit 1`,
      [Math.min(DUE, expectedJobs)],
    )
  ).rows;
  const dueAt = new Date(Number(edge!.ms));
  const due = await count(`select count(*) as n from jobs where kind = 'calendar.reminder' and status = 'pending' and run_at <= $1`, [
    dueAt.toISOString(),
  ]);
  // the busiest instant of this schedule, and the evening peak if every session of a day started at once
  const busiest = await count(
    `select max(c) as n from (select count(*) as c from jobs where kind = 'calendar.reminder' and status = 'pending' group by run_at) x`,
  );
  const peak = Math.ceil(sessions / Number(span.days));

  const runs: { kind: string; start: number; end: number }[] = [];
  const detach = ctx.jobs.observe({
    run<T>(job: { kind: string }, fn: () => Promise<T>): Promise<T> {
      runs.push({ kind: job.kind, start: performance.now(), end: NaN });
      return fn();
    },
    finished() {
      runs[runs.length - 1]!.end = performance.now();
    },
  });
  const cpu0 = process.cpuUsage();
  const sendStart = performance.now();
  const ran = await ctx.jobs.drain(dueAt);
  const sendS = (performance.now() - sendStart) / 1000;
  const cpu = process.cpuUsage(cpu0);
  detach();

  // one reminder's whole send: its job and the jobs it queued (they are due now, so they run before
  // the next reminder, whose time is later)
  const sends: number[] = [];
  for (let i = 0; i < runs.length; i++) {
    if (runs[i]!.kind !== 'calendar.reminder') continue;
    let j = i;
    while (j + 1 < runs.length && runs[j + 1]!.kind !== 'calendar.reminder') j++;
    sends.push(runs[j]!.end - runs[i]!.start);
  }
  const kinds = new Map<string, number[]>();
  for (const r of runs) kinds.set(r.kind, [...(kinds.get(r.kind) ?? []), r.end - r.start]);

  const recipients = MEMBERS + 1;
  const deliveries = await count(`select count(*) as n from reminder_deliveries`);
  const notices = await count(`select count(*) as n from notifications where type = 'SESSION_REMINDER'`);
  const mails = await count(`select count(*) as n from mail_outbox`);
  const failed = await count(`select count(*) as n from jobs where status = 'failed' or (status = 'pending' and attempts > 0)`);
  const leftDue = await count(`select count(*) as n from jobs where status = 'pending' and run_at <= $1`, [dueAt.toISOString()]);
  const remindersRun = kinds.get('calendar.reminder')?.length ?? 0;
  const correct =
    first.queued === expectedJobs &&
    again.queued === 0 &&
    ranWhileIdle === 0 &&
    remindersRun === due &&
    deliveries === due * recipients &&
    notices === deliveries &&
    mails === deliveries &&
    push.received.length === deliveries * DEVICES &&
    push.rejected.length === 0 &&
    failed === 0 &&
    leftDue === 0;
  const rate = remindersRun / sendS;

  const rows: [string, string][] = [
    [
      'scheduling every study (scheduleStudy, one transaction each)',
      `${first.seconds.toFixed(1)} s for ${n(STUDIES)} studies; per study p50 ${ms(pct(first.each, 50))}, p95 ${ms(pct(first.each, 95))}`,
    ],
    ['reminder jobs queued / expected (sessions × 2 times)', `${n(first.queued)} / ${n(expectedJobs)}`],
    [
      'the same again (nothing new: dedupe keys)',
      `${again.seconds.toFixed(1)} s; per study p95 ${ms(pct(again.each, 95))}; ${n(again.queued)} queued`,
    ],
    [
      `idle poll, ${n(first.queued)} pending, none due (${POLLS} polls)`,
      `p50 ${ms(pct(polls, 50))}, p95 ${ms(pct(polls, 95))}; ${ranWhileIdle} ran`,
    ],
    [
      `sending: due at ${dueAt.toISOString()}`,
      `${n(due)} reminders → ${n(due * recipients)} members; ${n(ran)} jobs in ${sendS.toFixed(1)} s`,
    ],
    [
      'reminders / member reminders / pushes per second',
      `${rate.toFixed(1)} / ${(deliveries / sendS).toFixed(1)} / ${(push.received.length / sendS).toFixed(1)}`,
    ],
    [
      "one reminder's whole send (its job, its mails and pushes) p50 / p95",
      `${ms(pct(sends, 50))} / ${ms(pct(sends, 95))} (${recipients} members)`,
    ],
    ...[...kinds].map(([kind, xs]): [string, string] => [
      `  job ${kind} p50 / p95`,
      `${ms(pct(xs, 50))} / ${ms(pct(xs, 95))} (${n(xs.length)} jobs)`,
    ]),
    ['deliveries / notices / mails / pushes received', `${n(deliveries)} / ${n(notices)} / ${n(mails)} / ${n(push.received.length)}`],
    ['pushes refused by the push service; failed jobs; due jobs left', `${push.rejected.length}; ${failed}; ${leftDue}`],
    [
      "this process's CPU while sending (server and push service)",
      `${(((cpu.user + cpu.system) / 1e6 / sendS) * 100).toFixed(0)} % of one core`,
    ],
    [
      'busiest instant here; the evening peak (a day of sessions at once)',
      `${busiest} reminders; ${peak} reminders: ${(peak / rate).toFixed(1)} s at the rate measured`,
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  if (!correct)
    console.log('COUNTS WRONG: see the table (expected one delivery, notice, mail per member, one push per device, nothing failed)');
  for (const r of push.rejected.slice(0, 5)) console.log(`  refused: ${r}`);

  reportTarget({
    what: `reminders: scheduling a study's ${PER_STUDY} sessions (p95 of ${n(STUDIES)} studies, ${n(SESSIONS)} sessions)`,
    on: DRIVER,
    figure: ms(pct(first.each, 95)),
    target: `≤ ${TARGET_SCHEDULE_P95_MS} ms (inside an approval's transaction), ${n(expectedJobs)} jobs queued once`,
    met: pct(first.each, 95) <= TARGET_SCHEDULE_P95_MS && first.queued === expectedJobs && again.queued === 0,
  });
  reportTarget({
    what: `reminders: the queue's idle poll with ${n(first.queued)} reminders pending`,
    on: DRIVER,
    figure: ms(pct(polls, 95)),
    target: `p95 ≤ ${TARGET_POLL_P95_MS} ms (≤ 1 % of a core at one poll a second)`,
    met: pct(polls, 95) <= TARGET_POLL_P95_MS && ranWhileIdle === 0,
  });
  reportTarget({
    what: `reminders: sending ${n(due)} due (${recipients} members each: notice, mail, push), one instance`,
    on: DRIVER,
    figure: `${rate.toFixed(1)} reminders/s, p95 ${ms(pct(sends, 95))} each`,
    target: `the evening peak (${peak} sessions at once) within ${PEAK_SECONDS} s: ≥ ${(peak / PEAK_SECONDS).toFixed(1)}/s, every count exact`,
    met: rate >= peak / PEAK_SECONDS && correct,
  });
  if (!correct) process.exitCode = 1;
} finally {
  await app.close();
  await closeContext(ctx);
  await own?.drop();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
}
