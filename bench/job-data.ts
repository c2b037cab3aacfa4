// Generated job postings for the jobs benchmarks (job-search.bench.ts, job-navigator.bench.ts,
// jobs-cpu.ts): the demo generator's postings (demo-data.ts, seeded PRNG), prepared as the
// importer prepares them (search columns, facet tokens), inserted 1,000 per statement with the
// table's indexes dropped and built again from the migration's own DDL afterwards.
import { jobPostingInput, seoulDate } from '@moim/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../apps/server/src/db/migrate.ts';
import { SkillCatalogue, resolveCompany } from '../apps/server/src/modules/job-postings/catalogue-repo.ts';
import { generateDemoPostings } from '../apps/server/src/modules/job-postings/demo-data.ts';
import { preparePosting } from '../apps/server/src/modules/job-postings/posting-repo.ts';
import { jobPostings, type JobCompanyRow, type NewJobPostingRow } from '../apps/server/src/modules/job-postings/schema.ts';
import type { startBenchApp } from './support.ts';

/** Every `create index job_postings_…` of the migrations, in order (dropped for the load, built after it). */
function postingIndexes(): string[] {
  return readFileSync(join(MIGRATIONS_DIR, '0010_jobs.sql'), 'utf8').match(/create index job_postings_[^;]+;/g)!;
}

export async function seedPostings(s: Awaited<ReturnType<typeof startBenchApp>>, n: number): Promise<{ ms: number }> {
  const t0 = performance.now();
  const db = s.ctx.db;
  const catalogue = new SkillCatalogue(db);
  await catalogue.ready();
  const items = generateDemoPostings({ count: n, seed: 424242, today: seoulDate(new Date()), urlBase: 'https://bench.example.com' }).map(
    (i) => jobPostingInput.parse(i),
  );
  const companies = new Map<string, JobCompanyRow>();
  for (const i of items) if (!companies.has(i.company.name)) companies.set(i.company.name, await resolveCompany(db, i.company));
  const ids = new Map<string, string>();
  for (const name of new Set(items.flatMap((i) => [...i.requiredSkills, ...i.preferredSkills])))
    ids.set(name, (await catalogue.resolve(db, [name]))[0]!);
  const now = new Date();
  const rows: NewJobPostingRow[] = items.map(
    (i) =>
      preparePosting(
        i,
        companies.get(i.company.name)!,
        { required: i.requiredSkills.map((x) => ids.get(x)!), preferred: i.preferredSkills.map((x) => ids.get(x)!) },
        catalogue,
        { now },
      ).values,
  );
  const ddl = postingIndexes();
  for (const stmt of ddl) await s.ctx.database.exec(`drop index if exists ${/create index (\w+)/.exec(stmt)![1]}`);
  for (let k = 0; k < rows.length; k += 1000) await db.insert(jobPostings).values(rows.slice(k, k + 1000));
  // building the indexes takes longer than the app's statement timeout on a loaded machine
  await s.ctx.database.session(async (conn) => {
    await conn.exec('set statement_timeout = 0');
    for (const stmt of ddl) await conn.exec(stmt);
    await conn.exec('vacuum analyze job_postings');
    await conn.exec('reset statement_timeout');
  });
  return { ms: Math.round(performance.now() - t0) };
}
