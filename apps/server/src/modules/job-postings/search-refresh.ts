/**
 * Rewrites the search columns of postings written with another version of the synonym table
 * (contract job-synonyms.ts, migration 0030): after a release that adds a name ("쿠베" for
 * Kubernetes), the postings already stored find it too. Run at every start by the seeder's
 * `always` step; once every row carries the current version it reads one empty page.
 */
import { JOB_SYNONYMS_VERSION } from '@moim/contract';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { SkillCatalogue } from './catalogue-repo.ts';
import { postingSearchColumns } from './posting-repo.ts';
import { jobCompanies, jobPostings as p } from './schema.ts';

export async function refreshSearchColumns(db: DbOrTx, catalogue: SkillCatalogue, batch = 1000): Promise<number> {
  await catalogue.ready();
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const stale = ne(p.searchVersion, JOB_SYNONYMS_VERSION);
    const rows = await db
      .select({
        id: p.id,
        title: p.title,
        location: p.location,
        region: p.region,
        experienceLevel: p.experienceLevel,
        employmentType: p.employmentType,
        workMode: p.workMode,
        requiredSkills: p.requiredSkills,
        preferredSkills: p.preferredSkills,
        companyName: jobCompanies.name,
        companyNameEn: jobCompanies.nameEn,
      })
      .from(p)
      .innerJoin(jobCompanies, eq(jobCompanies.id, p.companyId))
      .where(after === null ? stale : and(stale, gt(p.id, after)))
      .orderBy(asc(p.id))
      .limit(batch);
    if (rows.length === 0) return n;
    const cols = rows.map((r) => postingSearchColumns({ ...r, skills: [...r.requiredSkills, ...r.preferredSkills] }, catalogue));
    const arr = (f: (c: (typeof cols)[number]) => string) => sql.param(cols.map(f));
    await db.execute(sql`update ${p} s set search_text = v.t, search_jamo = v.j, search_choseong = v.c,
        title_jamo = v.tj, title_choseong = v.tc, search_version = ${JOB_SYNONYMS_VERSION}
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${arr((c) => c.searchText)}::text[], ${arr((c) => c.searchJamo)}::text[],
        ${arr((c) => c.searchChoseong)}::text[], ${arr((c) => c.titleJamo)}::text[], ${arr((c) => c.titleChoseong)}::text[])
        as v(id, t, j, c, tj, tc)
      where s.id = v.id`);
    n += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
