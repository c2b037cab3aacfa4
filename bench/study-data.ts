/**
 * Bench data for the study reads: `n` studies made in one SQL statement (generate_series), so
 * 100,000 rows take seconds instead of minutes of batched inserts. Same mix as the demo of the
 * first study bench: half APPROVED, a fifth PAID, three types, deadlines 4–64 days ahead. Titles
 * name one of five subjects (a fifth each: "알고리즘" …) or, one in 250, a rarer one ("리액트 훅",
 * the kind of word people search for). The search columns are then filled by the server's own
 * start-up step (study-repo.ts `fillSearchColumns`), as for rows older than them.
 */
import type { AppContext } from '../apps/server/src/context.ts';
import { fillSearchColumns } from '../apps/server/src/modules/studies/study-repo.ts';

export interface StudyData {
  approved: number;
  /** an APPROVED study in the second half (its slug) */
  slug: string;
  /** the study's id */
  studyId: string;
  ms: number;
  /** of which filling the search columns */
  searchMs: number;
}

export async function seedStudies(ctx: AppContext, n: number): Promise<StudyData> {
  const t0 = performance.now();
  // in a session of its own: without the statement time-out (100,000 rows take longer than 5 s
  // on PostgreSQL)
  await ctx.database.session((db) => insert(db, n));
  const t1 = performance.now();
  await fillSearchColumns(ctx.db);
  const searchMs = Math.round(performance.now() - t1);
  return { ...(await ctx.database.session((db) => analyze(db, n, t0))), searchMs };
}

async function insert(db: Pick<AppContext['database'], 'exec'>, n: number): Promise<void> {
  await db.exec(
    `insert into users (email, name)
     select 'bench-leader-' || i || '@moim.dev', '리더 ' || i from generate_series(0, 49) i
     on conflict do nothing`,
  );
  await db.exec(
    `with leaders as (
       select array_agg(id order by email) as ids from users where email like 'bench-leader-%@moim.dev'
     ), g as (
       select i, (now() at time zone 'Asia/Seoul')::date + 5 + (i % 60) as start from generate_series(0, $1::int - 1) i
     )
     insert into studies (slug, title, generation, tagline, proposer_id, leader_id, type, welcome_message, schedule,
       duration, schedule_weekdays, session_start_time, session_end_time, location_type, capacity, enrolled,
       seats_taken, recruit_deadline, status, recurrence_type, start_date, end_date, cost_type, cost, created_at, updated_at)
     select (1 + i % 9) || '-bench-study-' || i,
       '벤치 스터디 ' || i || ' — ' || case when i % 250 = 7 then '리액트 훅'
         else (array['알고리즘', '블로그', '클린 코드', 'SQL', '타입스크립트'])[1 + i % 5] end,
       1 + i % 9, '벤치마크용 스터디입니다', l.ids[1 + i % 50], l.ids[1 + i % 50],
       (array['PARTICIPATORY', 'EDUCATIONAL', 'ONE_TIME'])[1 + i % 3], '함께해요, 벤치마크!', '매주 월·수 20:00–22:00',
       '8주', array['MON', 'WED'], '20:00', '22:00', 'ONLINE', 10 + i % 20, i % 7, i % 7,
       ((start - 1)::text || 'T23:59:59+09:00')::timestamptz,
       (array['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'PENDING', 'REJECTED'])[1 + i % 8],
       'WEEKLY', start, start + 55,
       case when i % 5 = 0 then 'PAID' else 'FREE' end, case when i % 5 = 0 then 30000 else 0 end,
       now() - (($1::int - i) * interval '1 minute'), now()
     from g, leaders l`,
    [n],
  );
}

async function analyze(db: Pick<AppContext['database'], 'exec'>, n: number, t0: number): Promise<Omit<StudyData, 'searchMs'>> {
  await db.exec('vacuum analyze studies');
  await db.exec('vacuum analyze study_public_counts');
  await db.exec('analyze users');
  // i % 8 < 4 is APPROVED; take one in the second half
  const i = Math.floor(n / 2 / 8) * 8 + 8;
  const slug = `${1 + (i % 9)}-bench-study-${i}`;
  const { rows } = await db.exec('select id, (select count(*) from studies where status = $2) as approved from studies where slug = $1', [
    slug,
    'APPROVED',
  ]);
  return { slug, studyId: String(rows[0]!.id), approved: Number(rows[0]!.approved), ms: Math.round(performance.now() - t0) };
}
