// GET /api/studies/paged and GET /api/studies/slug/{slug} with 10,000 studies in the database,
// next to a bare route in the same process: with the 2-second public read cache (what visitors
// get) and with it switched off (every request reaches the database).
import { addDays, seoulDate } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import type { NewStudyRow } from '../apps/server/src/modules/studies/schema.ts';
import { studyServicesOf } from '../apps/server/src/modules/studies/routes.ts';
import { insertStudiesBulk } from '../apps/server/src/modules/studies/study-repo.ts';
import { users } from '../apps/server/src/modules/users/schema.ts';
import { type LoadResult, load, printTable, startBenchApp } from './support.ts';

const N = Number(process.env.BENCH_STUDIES ?? 10_000);
// (production config with an external database needs a signing secret)
const s = await startBenchApp(process.env.DATABASE_URL ? { JWT_SECRET: randomBytes(32).toString('hex') } : {});
try {
  const t0 = performance.now();
  const leaders = await s.ctx.db
    .insert(users)
    .values(Array.from({ length: 50 }, (_, i) => ({ email: `bench-leader-${i}@moim.dev`, name: `리더 ${i}` })))
    .returning({ id: users.id });
  const today = seoulDate(new Date());
  const types = ['PARTICIPATORY', 'EDUCATIONAL', 'ONE_TIME'] as const;
  const statuses = ['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'PENDING', 'REJECTED'] as const;
  const rows: NewStudyRow[] = Array.from({ length: N }, (_, i) => {
    const leaderId = leaders[i % leaders.length]!.id;
    const paid = i % 5 === 0;
    const start = addDays(today, 5 + (i % 60));
    return {
      slug: `${1 + (i % 9)}-bench-study-${i}`,
      title: `벤치 스터디 ${i} — ${['알고리즘', '블로그', '클린 코드', 'SQL', '타입스크립트'][i % 5]}`,
      generation: 1 + (i % 9),
      tagline: '벤치마크용 스터디입니다',
      proposerId: leaderId,
      leaderId,
      type: types[i % 3]!,
      welcomeMessage: '함께해요, 벤치마크!',
      schedule: '매주 월·수 20:00–22:00',
      duration: '8주',
      scheduleWeekdays: ['MON', 'WED'],
      sessionStartTime: '20:00',
      sessionEndTime: '22:00',
      locationType: 'ONLINE',
      capacity: 10 + (i % 20),
      enrolled: i % 7,
      seatsTaken: i % 7,
      recruitDeadline: new Date(Date.parse(`${addDays(start, -1)}T23:59:59+09:00`)),
      status: statuses[i % statuses.length]!,
      recurrenceType: 'WEEKLY',
      startDate: start,
      endDate: addDays(start, 55),
      costType: paid ? 'PAID' : 'FREE',
      cost: paid ? 30000 : 0,
      createdAt: new Date(Date.now() - (N - i) * 60_000),
      updatedAt: new Date(),
    };
  });
  await insertStudiesBulk(s.ctx.db, rows);
  await s.ctx.database.exec('vacuum analyze studies');
  console.log(
    `inserted ${N} studies (${rows.filter((r) => r.status === 'APPROVED').length} approved) in ${Math.round(performance.now() - t0)} ms on ${s.ctx.database.driver}`,
  );

  const slug = rows.find((r, i) => r.status === 'APPROVED' && i > N / 2)!.slug;
  const caches = studyServicesOf(s.ctx)!.deps.caches;
  const paged = `${s.url}/api/studies/paged`;
  const filtered = `${s.url}/api/studies/paged?type=EDUCATIONAL&costType=PAID&recruiting=true&page=3`;
  const bySlug = `${s.url}/api/studies/slug/${slug}`;

  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  await load('warm-up', paged, { duration: 1 });
  const results: LoadResult[] = [];
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`);
  results.push(bare);
  results.push(await load('GET /api/studies/paged (cached)', paged));
  results.push(await load('GET /api/studies/slug/{slug} (cached)', bySlug));
  caches.setTtl(0);
  results.push(await load('GET /api/studies/paged (no cache)', paged));
  results.push(await load('GET /api/studies/paged?filters (no cache)', filtered));
  results.push(await load('GET /api/studies/slug/{slug} (no cache)', bySlug));
  printTable(results, bare);
  for (const r of results.slice(1)) console.log(`ratio ${r.label}: ${(r.rps / bare.rps).toFixed(2)}`);
} finally {
  await s.close();
}
