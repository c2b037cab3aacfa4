/**
 * Writing postings: a validated posting (JobPostingData) becomes a row with its search columns
 * and content hash, then is inserted or updated by its source URL (the identity for
 * de-duplication) in one statement. Same hash → UNCHANGED and nothing is written.
 */
import { createHash } from 'node:crypto';
import {
  EMPLOYMENT_LABELS_KO,
  EXPERIENCE_DEFAULT_RANGES,
  EXPERIENCE_LABELS_KO,
  JOB_SYNONYMS_VERSION,
  REGION_LABELS_KO,
  roleSearchNames,
  WORK_MODE_LABELS_KO,
  endOfSeoulDay,
  regionOfLocation,
  type EmploymentType,
  type ExperienceLevel,
  type JobPostingData,
  type JobRegion,
  type WorkMode,
} from '@moim/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { searchColumnsOf } from '../../search/korean-search.ts';
import type { SkillCatalogue } from './catalogue-repo.ts';
import { jobPostings, type JobCompanyRow, type JobPostingRow, type NewJobPostingRow } from './schema.ts';

export type WriteOutcome = 'CREATED' | 'UPDATED' | 'UNCHANGED';

/** A date-only value means the end of that day in Asia/Seoul. */
export function toInstant(v: string): Date {
  return v.length === 10 ? endOfSeoulDay(v) : new Date(v);
}

export interface PreparedPosting {
  values: NewJobPostingRow;
  /** the input named its posted date (else an update keeps the stored one) */
  explicitPostedAt: boolean;
}

/** The row for `data` (company and skills already resolved to ids). */
export function preparePosting(
  data: JobPostingData,
  company: JobCompanyRow,
  skills: { required: string[]; preferred: string[] },
  catalogue: SkillCatalogue,
  opts: { now?: Date; sourceId?: string | null } = {},
): PreparedPosting {
  const now = opts.now ?? new Date();
  const preferred = skills.preferred.filter((s) => !skills.required.includes(s));
  const defaults = EXPERIENCE_DEFAULT_RANGES[data.experienceLevel];
  const experienceMin = data.experienceMin ?? defaults.min;
  const experienceMax = data.experienceMax !== undefined ? data.experienceMax : data.experienceMin != null ? null : defaults.max;
  const region = data.region ?? (data.workMode === 'REMOTE' && !data.location ? null : regionOfLocation(data.location));
  const validThrough = data.validThrough ? toInstant(data.validThrough) : null;
  const postedAt = data.postedAt ? toInstant(data.postedAt) : now;
  const expired = validThrough !== null && validThrough.getTime() < now.getTime();
  const active = data.active && !expired;
  const closedReason = active ? null : !data.active ? ('CLOSED' as const) : ('EXPIRED' as const);
  const search = postingSearchColumns(
    {
      title: data.title,
      companyName: company.name,
      companyNameEn: company.nameEn,
      location: data.location,
      region,
      experienceLevel: data.experienceLevel,
      employmentType: data.employmentType,
      workMode: data.workMode,
      skills: [...skills.required, ...preferred],
    },
    catalogue,
  );
  const values: NewJobPostingRow = {
    companyId: company.id,
    title: data.title,
    description: data.description,
    requirements: data.requirements,
    preferred: data.preferred,
    employmentType: data.employmentType,
    experienceLevel: data.experienceLevel,
    experienceMin,
    experienceMax: experienceMax != null && experienceMax < experienceMin ? experienceMin : (experienceMax ?? null),
    location: data.location,
    region,
    workMode: data.workMode,
    salaryMin: data.salaryMin ?? null,
    salaryMax: data.salaryMax ?? null,
    requiredSkills: skills.required,
    preferredSkills: preferred,
    facetTokens: facetTokens({
      skills: [...skills.required, ...preferred],
      experienceLevel: data.experienceLevel,
      workMode: data.workMode,
      employmentType: data.employmentType,
      region,
      companyId: company.id,
      salaryCeiling: data.salaryMax ?? data.salaryMin ?? null,
    }),
    postedAt,
    validThrough,
    sourceUrl: data.sourceUrl,
    sourceId: opts.sourceId ?? null,
    active,
    closedReason,
    contentHash: '',
    ...search,
  };
  values.contentHash = contentHash(values, data.postedAt ? postedAt : null);
  return { values, explicitPostedAt: !!data.postedAt };
}

/** What a posting's search columns are made of. */
export interface SearchSource {
  title: string;
  companyName: string;
  companyNameEn: string | null;
  location: string | null;
  region: JobRegion | null;
  experienceLevel: ExperienceLevel;
  employmentType: EmploymentType;
  workMode: WorkMode;
  skills: readonly string[];
}

/**
 * The search columns of a posting: its title, company names, location, the Korean labels of its
 * level, type, mode and region, every name of its skills and of the roles its title names, in
 * both languages (contract job-synonyms.ts); the title columns (ranking) hold the title and its
 * roles' names. `searchVersion` records the synonym table they were made with.
 */
export function postingSearchColumns(v: SearchSource, catalogue: Pick<SkillCatalogue, 'searchNames'>) {
  const roles = roleSearchNames(v.title);
  const all = searchColumnsOf(
    v.title,
    roles,
    v.companyName,
    v.companyNameEn,
    v.location,
    v.region ? REGION_LABELS_KO[v.region] : null,
    EXPERIENCE_LABELS_KO[v.experienceLevel],
    EMPLOYMENT_LABELS_KO[v.employmentType],
    WORK_MODE_LABELS_KO[v.workMode],
    v.skills.flatMap((id) => catalogue.searchNames(id)),
  );
  const title = searchColumnsOf(v.title, roles);
  return { ...all, titleJamo: title.searchJamo, titleChoseong: title.searchChoseong, searchVersion: JOB_SYNONYMS_VERSION };
}

function contentHash(v: NewJobPostingRow, postedAt: Date | null): string {
  const parts = [
    v.companyId,
    v.title,
    v.description,
    v.requirements,
    v.preferred,
    v.employmentType,
    v.experienceLevel,
    v.experienceMin,
    v.experienceMax,
    v.location,
    v.region,
    v.workMode,
    v.salaryMin,
    v.salaryMax,
    v.requiredSkills,
    v.preferredSkills,
    v.validThrough ? (v.validThrough as Date).toISOString() : null,
    v.active,
    postedAt ? postedAt.toISOString() : null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Salary tokens step by 10,000,000 KRW (sal:4 = can pay at least 40M), up to 500M. */
export const SALARY_TOKEN_STEP = 10_000_000;
const SALARY_TOKEN_MAX = 50;

/** The values a posting can be filtered by, as tokens of one GIN-indexed array (search-repo.ts). */
export function facetTokens(v: {
  skills: string[];
  experienceLevel: string;
  workMode: string;
  employmentType: string;
  region: string | null;
  companyId: string;
  salaryCeiling: number | null;
}): string[] {
  const tokens = [...v.skills, `exp:${v.experienceLevel}`, `mode:${v.workMode}`, `type:${v.employmentType}`, `company:${v.companyId}`];
  if (v.region) tokens.push(`region:${v.region}`);
  const steps = v.salaryCeiling === null ? 0 : Math.min(SALARY_TOKEN_MAX, Math.floor(v.salaryCeiling / SALARY_TOKEN_STEP));
  for (let k = 1; k <= steps; k++) tokens.push(`sal:${k}`);
  return tokens;
}

const excluded = (col: string) => sql.raw(`excluded.${col}`);

/**
 * Insert, or update the row with the same source URL when its content changed. A posting an
 * admin closed (closed_reason CLOSED) stays closed when its source sends it again.
 */
export async function upsertPosting(tx: DbOrTx, p: PreparedPosting): Promise<{ id: string; outcome: WriteOutcome }> {
  const rows = await tx
    .insert(jobPostings)
    .values(p.values)
    .onConflictDoUpdate({
      target: jobPostings.sourceUrl,
      set: {
        companyId: excluded('company_id'),
        title: excluded('title'),
        description: excluded('description'),
        requirements: excluded('requirements'),
        preferred: excluded('preferred'),
        employmentType: excluded('employment_type'),
        experienceLevel: excluded('experience_level'),
        experienceMin: excluded('experience_min'),
        experienceMax: excluded('experience_max'),
        location: excluded('location'),
        region: excluded('region'),
        workMode: excluded('work_mode'),
        salaryMin: excluded('salary_min'),
        salaryMax: excluded('salary_max'),
        requiredSkills: excluded('required_skills'),
        preferredSkills: excluded('preferred_skills'),
        facetTokens: excluded('facet_tokens'),
        postedAt: p.explicitPostedAt ? excluded('posted_at') : sql`${jobPostings.postedAt}`,
        validThrough: excluded('valid_through'),
        sourceId: sql`coalesce(excluded.source_id, ${jobPostings.sourceId})`,
        active: sql`case when ${jobPostings.closedReason} = 'CLOSED' then false else excluded.active end`,
        closedReason: sql`case when ${jobPostings.closedReason} = 'CLOSED' then 'CLOSED' else excluded.closed_reason end`,
        contentHash: excluded('content_hash'),
        searchText: excluded('search_text'),
        searchJamo: excluded('search_jamo'),
        searchChoseong: excluded('search_choseong'),
        titleJamo: excluded('title_jamo'),
        titleChoseong: excluded('title_choseong'),
        searchVersion: excluded('search_version'),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${jobPostings.contentHash} is distinct from excluded.content_hash`,
    })
    .returning({ id: jobPostings.id, inserted: sql<boolean>`(xmax = 0)` });
  const row = rows[0];
  if (row) return { id: row.id, outcome: row.inserted ? 'CREATED' : 'UPDATED' };
  const [same] = await tx.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.sourceUrl, p.values.sourceUrl));
  return { id: same!.id, outcome: 'UNCHANGED' };
}

/** A new posting (an admin's form): a taken source URL fails with the unique violation. */
export async function insertPosting(tx: DbOrTx, p: PreparedPosting): Promise<string> {
  const [row] = await tx.insert(jobPostings).values(p.values).returning({ id: jobPostings.id });
  return row!.id;
}

/** An admin's edit of one posting (its source URL may change; the unique index refuses a taken one). */
export async function replacePosting(tx: DbOrTx, id: string, p: PreparedPosting): Promise<JobPostingRow | undefined> {
  const { sourceId: _keep, ...values } = p.values;
  const [row] = await tx
    .update(jobPostings)
    .set({ ...values, postedAt: p.explicitPostedAt ? values.postedAt : undefined, updatedAt: new Date() })
    .where(eq(jobPostings.id, id))
    .returning();
  return row;
}

export async function findPostingRow(db: DbOrTx, id: string): Promise<JobPostingRow | undefined> {
  const [row] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  return row;
}

/** The daily expiry: open postings past their valid-through instant become inactive (never deleted). */
export async function expirePostings(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(jobPostings)
    .set({ active: false, closedReason: 'EXPIRED', updatedAt: now })
    .where(sql`${jobPostings.active} and ${jobPostings.validThrough} < ${now.toISOString()}::timestamptz`)
    .returning({ id: jobPostings.id });
  return rows.length;
}
