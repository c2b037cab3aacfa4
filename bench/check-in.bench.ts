// Issue 36, "300 members checking in within 10 seconds": BENCH_CHECKIN_MEMBERS members each POST
// their check-in (`POST /api/studies/{id}/check-in {eventId, code}`, the six digits of the current
// 30 s step, as the leader's screen shows them) through real HTTP against the running app, at
// instants spread over BENCH_CHECKIN_SECONDS (uniformly at random, or one every 10 s / 300 with
// BENCH_CHECKIN_ARRIVALS=steady), each request on its own, so they overlap as they would. A share
// of them tap twice (BENCH_CHECKIN_DOUBLE_TAPS, 0.1: a second tap 0–300 ms after the first, before
// its answer): one of a member's taps is 200, the other 409 ALREADY_CHECKED_IN.
//
// A study holds at most STUDY_LIMITS.capacityMax (100) members (the contract's rule and a check on
// `studies`), so 300 members are three studies of 100, each with its session at the same time,
// its window open now (the session starts 4–5 minutes from now: the real clock, no override), and
// its leader's check-in room open: a live socket on `study-check-ins:<study>` that re-reads the room
// on each change, one read in flight and one more after it if a change came meanwhile (the web's
// query re-reads on each signal). BENCH_CHECKIN_PER_STUDY=300 puts them all in one study instead:
// memberships beyond the capacity written directly, a state the product cannot reach.
//
// Seeding (users, studies, memberships, sessions) writes rows with Drizzle; the check-ins and the
// room reads go through HTTP. Figures: p50/p95/p99 of a check-in, its errors, a check-in → the
// leader's screen (from the tap to the first room read that lists it), the room read; then every
// room and the database must hold exactly one PRESENT record per member (none lost, none doubled).
// PGlite, or PostgreSQL with DATABASE_URL (a throw-away database).
import { type CheckInResult, STUDY_LIMITS, checkInRoom, checkInStep, liveTopicOf, seoulDate, seoulInstant } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { inArray, sql } from 'drizzle-orm';
import { LiveTestClient } from '../apps/server/src/live/test-kit.ts';
import { CheckInCodes } from '../apps/server/src/modules/calendar/check-in-code.ts';
import { eventAttendance, studyEvents } from '../apps/server/src/modules/calendar/schema.ts';
import { studies, studyMemberships } from '../apps/server/src/modules/studies/schema.ts';
import { users } from '../apps/server/src/modules/users/schema.ts';
import { reportTarget, startBenchApp } from './support.ts';

const MEMBERS = Number(process.env.BENCH_CHECKIN_MEMBERS ?? 300);
const PER_STUDY = Number(process.env.BENCH_CHECKIN_PER_STUDY ?? STUDY_LIMITS.capacityMax);
const SECONDS = Number(process.env.BENCH_CHECKIN_SECONDS ?? 10);
const ARRIVALS = process.env.BENCH_CHECKIN_ARRIVALS === 'steady' ? 'steady' : 'random';
const DOUBLE_TAPS = Number(process.env.BENCH_CHECKIN_DOUBLE_TAPS ?? 0.1);
const ROOMS_OPEN = process.env.BENCH_CHECKIN_ROOMS !== '0';
/** A tap is a button press: its answer within 200 ms feels immediate. */
const TARGET_P95_MS = 200;
const DRIVER = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const ms = (x: number) => (Number.isNaN(x) ? '-' : `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} ms`);
const userRow = (email: string, name: string) => ({ email, name, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' as const });

interface Member {
  id: string;
  token: string;
  study: number;
}
interface Tap {
  member: number;
  /** performance.now() when it was sent */
  sent: number;
  ms: number;
  status: number;
  /** the error code and reason (`BIZ-3002 ALREADY_CHECKED_IN`) */
  error?: string;
  result?: CheckInResult;
}
interface Envelope {
  data?: unknown;
  error?: { code?: string; details?: { reason?: string } };
}

const s = await startBenchApp(process.env.DATABASE_URL ? { JWT_SECRET: randomBytes(32).toString('hex') } : {});
const rooms: LiveTestClient[] = [];
try {
  Object.assign(s.ctx.live.limits, { authTimeoutMs: 120_000 });
  const studyCount = Math.ceil(MEMBERS / PER_STUDY);
  const tag = randomBytes(4).toString('hex');

  // the session starts 4–5 minutes from now (a whole minute), so its window (15 minutes before to
  // 30 after, late after 10: the defaults) is open, and on time, for the whole run
  const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000);
  const date = seoulDate(startsAt);
  const hhmm = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(11, 16);
  const startTime = hhmm(startsAt);
  const endTime =
    seoulDate(new Date(startsAt.getTime() + 2 * 3_600_000)) === date ? hhmm(new Date(startsAt.getTime() + 2 * 3_600_000)) : '23:59';
  if (seoulInstant(date, startTime).getTime() !== startsAt.getTime()) throw new Error('the session time does not round-trip');

  const t0 = performance.now();
  const leaders = await s.ctx.db
    .insert(users)
    .values(Array.from({ length: studyCount }, (_, i) => userRow(`checkin-leader-${tag}-${i}@bench.moim.dev`, `리더 ${i + 1}`)))
    .returning({ id: users.id });
  const memberRows = await s.ctx.db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => userRow(`checkin-${tag}-${i}@bench.moim.dev`, `멤버 ${String(i + 1).padStart(3, '0')}`)),
    )
    .returning({ id: users.id });
  const studyRows = await s.ctx.db
    .insert(studies)
    .values(
      leaders.map((l, i) => {
        const members = Math.min(PER_STUDY, MEMBERS - i * PER_STUDY);
        const seats = Math.min(members, STUDY_LIMITS.capacityMax);
        return {
          slug: `checkin-bench-${tag}-${i}`,
          title: `출석 벤치 스터디 ${i + 1}`,
          generation: 1,
          proposerId: l.id,
          leaderId: l.id,
          type: 'PARTICIPATORY' as const,
          welcomeMessage: '함께해요, 벤치마크!',
          schedule: `매일 ${startTime}`,
          duration: '8주',
          sessionStartTime: startTime,
          sessionEndTime: endTime,
          locationType: 'OFFLINE' as const,
          locationAddress: '강남역',
          capacity: Math.max(seats, STUDY_LIMITS.capacityMin),
          enrolled: seats,
          seatsTaken: seats,
          recruitDeadline: new Date(startsAt.getTime() - 14 * 86_400_000),
          isRecruiting: false,
          status: 'IN_PROGRESS' as const,
          recurrenceType: 'DAILY' as const,
          startDate: seoulDate(new Date(startsAt.getTime() - 7 * 86_400_000)),
          endDate: seoulDate(new Date(startsAt.getTime() + 49 * 86_400_000)),
          costType: 'FREE' as const,
        };
      }),
    )
    .returning({ id: studies.id });
  const members: Member[] = await Promise.all(
    memberRows.map(async (r, i) => ({
      id: r.id,
      study: Math.floor(i / PER_STUDY),
      token: await s.ctx.tokens.sign({ id: r.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' }),
    })),
  );
  await s.ctx.db
    .insert(studyMemberships)
    .values([
      ...studyRows.map((st, i) => ({ studyId: st.id, userId: leaders[i]!.id, role: 'OWNER' as const })),
      ...members.map((m) => ({ studyId: studyRows[m.study]!.id, userId: m.id, role: 'MEMBER' as const })),
    ]);
  const events = await s.ctx.db
    .insert(studyEvents)
    .values(
      studyRows.map((st, i) => ({
        studyId: st.id,
        title: '정기 모임',
        date,
        startTime,
        endTime,
        eventType: 'regular' as const,
        location: 'offline' as const,
        address: '강남역',
        createdBy: leaders[i]!.id,
      })),
    )
    .returning({ id: studyEvents.id });
  const studyIds = studyRows.map((r) => r.id);
  const eventIds = events.map((e) => e.id);
  const leaderTokens = await Promise.all(
    leaders.map((l) => s.ctx.tokens.sign({ id: l.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' })),
  );
  const seedMs = performance.now() - t0;

  // the leaders' rooms: a socket each, re-reading the room on every change it hears
  const roomUrl = (i: number) => `${s.url}/api/studies/${studyIds[i]}/events/${eventIds[i]}/check-in/room`;
  const roomReads: number[] = [];
  const roomErrors: string[] = [];
  /** the first instant (performance.now()) a room read listed each member as checked in */
  const seenAt = new Map<string, number>();
  async function readRoom(i: number, record = true) {
    const t = performance.now();
    const res = await fetch(roomUrl(i), { headers: { authorization: `Bearer ${leaderTokens[i]}` } });
    const body = (await res.json()) as Envelope;
    const done = performance.now();
    if (res.status !== 200) {
      roomErrors.push(`${res.status} ${body.error?.code ?? ''}`);
      return null;
    }
    const room = checkInRoom.parse(body.data);
    if (record) {
      roomReads.push(done - t);
      for (const m of room.members) if (m.status && !seenAt.has(m.userId)) seenAt.set(m.userId, done);
    }
    return room;
  }
  const reading: (Promise<void> | null)[] = studyIds.map(() => null);
  const dirty = studyIds.map(() => false);
  const refresh = (i: number): void => {
    if (reading[i]) {
      dirty[i] = true;
      return;
    }
    reading[i] = (async () => {
      do {
        dirty[i] = false;
        await readRoom(i);
      } while (dirty[i]);
      reading[i] = null;
    })();
  };
  if (ROOMS_OPEN) {
    const wsUrl = `${s.url.replace('http', 'ws')}/api/live`;
    for (let i = 0; i < studyIds.length; i++) {
      const c = await LiveTestClient.signedIn(wsUrl, leaderTokens[i]!);
      const topic = liveTopicOf('study-check-ins', studyIds[i]!);
      const answer = await c.subscribe(topic);
      if (answer.type !== 'subscribed') throw new Error(`the leader could not follow ${topic}: ${JSON.stringify(answer)}`);
      c.ws.on('message', (raw) => {
        if (String(raw).includes('"check-in.changed"')) refresh(i);
      });
      rooms.push(c);
      const first = await readRoom(i, false);
      if (first?.state !== 'OPEN' || first.members.length !== Math.min(PER_STUDY, MEMBERS - i * PER_STUDY)) {
        throw new Error(`room ${i} before the run: ${first?.state}, ${first?.members.length} members`);
      }
    }
  }

  // warm-up: the route, the schema compilers and the connection pool, on a member who is not in the run
  const [spare] = await s.ctx.db
    .insert(users)
    .values(userRow(`checkin-${tag}-spare@bench.moim.dev`, '예비'))
    .returning({ id: users.id });
  const codes = new CheckInCodes(s.ctx.config.jwtSecret);
  const spareToken = await s.ctx.tokens.sign({ id: spare!.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
  for (let i = 0; i < 20; i++) {
    const r = await fetch(`${s.url}/api/studies/${studyIds[0]}/check-in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${spareToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: eventIds[0], code: codes.code(eventIds[0]!, checkInStep(new Date())) }),
    });
    await r.arrayBuffer();
    if (r.status !== 403) throw new Error(`warm-up check-in of a non-member answered ${r.status}`);
  }

  async function tap(m: number): Promise<Tap> {
    const member = members[m]!;
    const eventId = eventIds[member.study]!;
    const sent = performance.now();
    try {
      const res = await fetch(`${s.url}/api/studies/${studyIds[member.study]}/check-in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        // the code on the leader's screen at the moment of the tap
        body: JSON.stringify({ eventId, code: codes.code(eventId, checkInStep(new Date())) }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json()) as Envelope;
      const out: Tap = { member: m, sent, ms: performance.now() - sent, status: res.status };
      if (res.status === 200) out.result = body.data as CheckInResult;
      else out.error = `${body.error?.code ?? '?'} ${body.error?.details?.reason ?? ''}`.trim();
      return out;
    } catch (err) {
      return { member: m, sent, ms: performance.now() - sent, status: 0, error: (err as Error).name };
    }
  }

  // the arrivals: a seeded order, instants over the span; a share tapping twice
  let seed = 36;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const order = members.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const offsets = order
    .map((_, k) => (ARRIVALS === 'steady' ? (k * SECONDS * 1000) / MEMBERS : random() * SECONDS * 1000))
    .sort((a, b) => a - b);
  const doubles = new Set(order.filter(() => random() < DOUBLE_TAPS));
  const load0 = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const pending: Promise<Tap>[] = [];
  await Promise.all(
    order.map(
      (m, k) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            pending.push(tap(m));
            if (doubles.has(m)) setTimeout(() => pending.push(tap(m)), random() * 300);
            resolve();
          }, offsets[k]),
        ),
    ),
  );
  await new Promise((r) => setTimeout(r, 310)); // the last second taps are sent
  const taps = await Promise.all(pending);
  const spanS = (performance.now() - start) / 1000;
  // the leaders' screens catch up with the last change
  for (let settle = 0; settle < 100 && (reading.some(Boolean) || (ROOMS_OPEN && seenAt.size < MEMBERS)); settle++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(reading);
  const cpu = process.cpuUsage(cpu0);

  // every member's outcome: exactly one 200 (PRESENT), every other tap 409 ALREADY_CHECKED_IN
  const byMember = new Map<number, Tap[]>();
  for (const t of taps) byMember.set(t.member, [...(byMember.get(t.member) ?? []), t]);
  const ok = taps.filter((t) => t.status === 200);
  const errors = new Map<string, number>();
  let membersOk = 0;
  for (const [, list] of byMember) {
    const wins = list.filter((t) => t.status === 200 && t.result?.status === 'PRESENT');
    const repeats = list.filter((t) => t.status === 409 && t.error === 'BIZ-3002 ALREADY_CHECKED_IN');
    if (wins.length === 1 && wins.length + repeats.length === list.length) membersOk++;
  }
  for (const t of taps) {
    if (t.status === 200 && t.result?.status === 'PRESENT') continue;
    if (t.status === 409 && t.error === 'BIZ-3002 ALREADY_CHECKED_IN' && doubles.has(t.member)) continue;
    const key = `${t.status} ${t.error ?? t.result?.status ?? ''}`.trim();
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  const firstTap = new Map<number, number>();
  for (const t of taps) firstTap.set(t.member, Math.min(firstTap.get(t.member) ?? Infinity, t.sent));
  const toScreen = members.flatMap((mem, i) => {
    const seen = seenAt.get(mem.id);
    return seen === undefined ? [] : [seen - firstTap.get(i)!];
  });

  // none lost, none doubled: the database and every leader's room
  const [db] = (
    await s.ctx.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct (event_id, user_id))::int` })
      .from(eventAttendance)
      .where(inArray(eventAttendance.eventId, eventIds))
  ).map((r) => ({ n: Number(r.n), distinct: Number(r.distinct) }));
  const memberIds = new Set(members.map((m) => m.id));
  const records = await s.ctx.db
    .select({ userId: eventAttendance.userId, status: eventAttendance.status })
    .from(eventAttendance)
    .where(inArray(eventAttendance.eventId, eventIds));
  const onTime = records.filter((r) => memberIds.has(r.userId) && r.status === 'PRESENT').length;
  let roomPresent = 0;
  let roomNone = 0;
  for (let i = 0; i < studyIds.length; i++) {
    const room = await readRoom(i, false);
    roomPresent += room?.counts.PRESENT ?? 0;
    roomNone += room?.counts.none ?? 0;
  }
  const noneLost = db!.n === MEMBERS && db!.distinct === MEMBERS && onTime === MEMBERS && roomPresent === MEMBERS && roomNone === 0;
  const allOk = membersOk === MEMBERS && errors.size === 0;
  // a check-in that was answered 200 and is not on record, or a record twice, fails the bench
  // (a refused tap under load only misses the target)
  const recorded = new Set(records.filter((r) => r.status === 'PRESENT').map((r) => r.userId));
  const answered = new Set(ok.map((t) => members[t.member]!.id));
  const intact = db!.n === db!.distinct && [...answered].every((id) => recorded.has(id)) && roomPresent === recorded.size;
  if (!intact) process.exitCode = 1;

  const okMs = ok.map((t) => t.ms);
  const allMs = taps.map((t) => t.ms);
  console.log(
    `check-in (${DRIVER}): ${MEMBERS} members in ${studyCount} ${studyCount > 1 ? 'studies' : 'study'} of ${Math.min(PER_STUDY, MEMBERS)}${
      PER_STUDY > STUDY_LIMITS.capacityMax ? ` (beyond the capacity of ${STUDY_LIMITS.capacityMax}: memberships written directly)` : ''
    }, arrivals ${ARRIVALS} over ${SECONDS} s, ${doubles.size} tapping twice; the leaders' rooms ${ROOMS_OPEN ? 'open (live socket, re-read on each change)' : 'closed'}; seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${load0.toFixed(1)} at the start`,
  );
  const rows: [string, string][] = [
    [
      'check-ins (200) / taps sent; sent over',
      `${ok.length} / ${taps.length}; ${spanS.toFixed(1)} s (${(taps.length / spanS).toFixed(0)} taps/s)`,
    ],
    ['a check-in (200) p50 / p95 / p99', `${ms(pct(okMs, 50))} / ${ms(pct(okMs, 95))} / ${ms(pct(okMs, 99))}`],
    ['every tap (second taps too) p95; max', `${ms(pct(allMs, 95))}; ${ms(Math.max(...allMs))}`],
    ['errors (beyond the expected 409 of a second tap)', errors.size ? [...errors].map(([k, n]) => `${k} ×${n}`).join(', ') : '0'],
    ['members with exactly one PRESENT answer', `${membersOk} / ${MEMBERS}`],
    ...(ROOMS_OPEN
      ? ([
          [
            "a check-in → the leader's room p50 / p95 / p99",
            `${ms(pct(toScreen, 50))} / ${ms(pct(toScreen, 95))} / ${ms(pct(toScreen, 99))} (${toScreen.length} seen)`,
          ],
          [
            'room read (its members listed) p50 / p95; reads; errors',
            `${ms(pct(roomReads, 50))} / ${ms(pct(roomReads, 95))}; ${roomReads.length}; ${roomErrors.length}`,
          ],
        ] as [string, string][])
      : []),
    ['records in the database (distinct) / PRESENT', `${db!.n} (${db!.distinct}) / ${onTime}`],
    ["the leaders' rooms: PRESENT / not checked in", `${roomPresent} / ${roomNone}`],
    ["this process's CPU over the run (server and clients)", `${(((cpu.user + cpu.system) / 1e6 / spanS) * 100).toFixed(0)} % of one core`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);

  reportTarget({
    what: `check-in: p95 of a check-in, ${MEMBERS} members over ${SECONDS} s`,
    on: DRIVER,
    figure: ms(pct(okMs, 95)),
    target: `≤ ${TARGET_P95_MS} ms (a tap answers at once)`,
    met: pct(okMs, 95) <= TARGET_P95_MS && allOk,
  });
  reportTarget({
    what: `check-in: ${MEMBERS} members over ${SECONDS} s, none lost, none doubled`,
    on: DRIVER,
    figure: `${db!.n} records (${db!.distinct} distinct), rooms ${roomPresent} PRESENT, ${membersOk} members answered once`,
    target: `exactly ${MEMBERS}, in the database and the rooms`,
    met: noneLost && allOk,
  });
} finally {
  for (const c of rooms) c.close();
  await s.close();
}
