/** SQL for reading postings and for what members keep: profiles, bookmarks, recent views, saved searches, corrections. */
import { and, count, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { arrayRows, rawStatement, type RawStatement } from '../../db/raw-statements.ts';
import {
  jobBookmarks,
  jobCompanies,
  jobCorrections,
  jobPostings,
  jobRecentViews,
  jobSavedSearches,
  jobSkillProfiles,
  type JobCompanyRow,
  type JobCorrectionRow,
  type JobPostingRow,
  type JobSavedSearchRow,
  type JobSkillProfileRow,
} from './schema.ts';

export type PostingWithCompany = JobPostingRow & { company: JobCompanyRow };

const {
  searchText: _t,
  searchJamo: _j,
  searchChoseong: _c,
  titleJamo: _tj,
  titleChoseong: _tc,
  searchVersion: _sv,
  ...postingColumns
} = getTableColumns(jobPostings);

/** Postings with their companies, in the order of `ids`. */
export async function postingsByIds(db: DbOrTx, ids: readonly string[]): Promise<PostingWithCompany[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ posting: postingColumns, company: jobCompanies })
    .from(jobPostings)
    .innerJoin(jobCompanies, eq(jobCompanies.id, jobPostings.companyId))
    .where(inArray(jobPostings.id, [...ids]));
  const byId = new Map(
    rows.map((r) => [
      r.posting.id,
      {
        ...r.posting,
        searchText: '',
        searchJamo: '',
        searchChoseong: '',
        titleJamo: '',
        titleChoseong: '',
        searchVersion: 0,
        company: r.company,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The columns a posting's summary is drawn from (the list's card: no description, requirements
 * or source, whose text is most of a row), with its company's card fields.
 */
const summaryColumns = {
  id: jobPostings.id,
  title: jobPostings.title,
  employmentType: jobPostings.employmentType,
  experienceLevel: jobPostings.experienceLevel,
  experienceMin: jobPostings.experienceMin,
  experienceMax: jobPostings.experienceMax,
  location: jobPostings.location,
  region: jobPostings.region,
  workMode: jobPostings.workMode,
  salaryMin: jobPostings.salaryMin,
  salaryMax: jobPostings.salaryMax,
  requiredSkills: jobPostings.requiredSkills,
  preferredSkills: jobPostings.preferredSkills,
  postedAt: jobPostings.postedAt,
  validThrough: jobPostings.validThrough,
  active: jobPostings.active,
  closedReason: jobPostings.closedReason,
};
const companyCardColumns = {
  id: jobCompanies.id,
  name: jobCompanies.name,
  nameEn: jobCompanies.nameEn,
  careersUrl: jobCompanies.careersUrl,
  logoUrl: jobCompanies.logoUrl,
};
export type PostingSummaryRow = Pick<JobPostingRow, keyof typeof summaryColumns> & {
  company: Pick<JobCompanyRow, keyof typeof companyCardColumns>;
};

/**
 * What lists show of postings (summaryColumns), in the order of `ids`, inside a transaction
 * (`tx`: the saved-search alerts read the postings in theirs). Outside one, `summaryRows`.
 */
export async function summaryRowsByIds(db: DbOrTx, ids: readonly string[]): Promise<PostingSummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await summarySelect(db).where(inArray(jobPostings.id, [...ids]));
  return inOrder(
    ids,
    rows.map((r) => ({ ...r.posting, company: r.company })),
  );
}

function summarySelect(db: DbOrTx) {
  return db
    .select({ posting: summaryColumns, company: companyCardColumns })
    .from(jobPostings)
    .innerJoin(jobCompanies, eq(jobCompanies.id, jobPostings.companyId));
}

function inOrder(ids: readonly string[], rows: PostingSummaryRow[]): PostingSummaryRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `summarySelect` by a `uuid[]` parameter, built once per database: its SQL text and its row's columns in order. */
const summaryStatements = new WeakMap<Db, RawStatement>();

/**
 * `summaryRowsByIds` for the lists' hot path: one named statement whose text is built once
 * (db/raw-statements.ts), its rows read as arrays (no SQL building or Drizzle mapping per call).
 * A list of 20 cards spent a sixth of its main-thread time building and mapping this read.
 * read-cost.test.ts holds it to `summaryRowsByIds`.
 */
export async function summaryRows(db: Db, ids: readonly string[]): Promise<PostingSummaryRow[]> {
  if (ids.length === 0) return [];
  let st = summaryStatements.get(db);
  if (!st) {
    st = rawStatement(summarySelect(db).where(sql`${jobPostings.id} = any(${sql.placeholder('ids')}::uuid[])`), 'jobs_summary_rows');
    summaryStatements.set(db, st);
  }
  const rows = await arrayRows<SummaryArray>(db, st, { ids });
  return inOrder(ids, rows.map(fromArray));
}

/** A row of the summary statement: summaryColumns' values, then companyCardColumns', in their order. */
type SummaryArray = unknown[];

/**
 * An array row as the object Drizzle maps (an object literal, so every row has one shape: a
 * generic `Object.fromEntries` made each a dictionary, slow to build and to serialize). bigint
 * arrives as text from the driver (Drizzle's mode 'number' maps it).
 */
function fromArray(r: SummaryArray): PostingSummaryRow {
  const num = (x: unknown) => (x === null ? null : Number(x));
  return {
    id: r[0] as string,
    title: r[1] as string,
    employmentType: r[2] as PostingSummaryRow['employmentType'],
    experienceLevel: r[3] as PostingSummaryRow['experienceLevel'],
    experienceMin: r[4] as number,
    experienceMax: r[5] as number | null,
    location: r[6] as string,
    region: r[7] as PostingSummaryRow['region'],
    workMode: r[8] as PostingSummaryRow['workMode'],
    salaryMin: num(r[9]),
    salaryMax: num(r[10]),
    requiredSkills: r[11] as string[],
    preferredSkills: r[12] as string[],
    postedAt: r[13] as Date,
    validThrough: r[14] as Date | null,
    active: r[15] as boolean,
    closedReason: r[16] as PostingSummaryRow['closedReason'],
    company: {
      id: r[17] as string,
      name: r[18] as string,
      nameEn: r[19] as string | null,
      careersUrl: r[20] as string | null,
      logoUrl: r[21] as string | null,
    },
  };
}

// --- profiles -------------------------------------------------------------------------------

export async function findProfile(db: DbOrTx, userId: string): Promise<JobSkillProfileRow | undefined> {
  const [row] = await db.select().from(jobSkillProfiles).where(eq(jobSkillProfiles.userId, userId));
  return row;
}

export async function saveProfile(db: DbOrTx, row: Omit<JobSkillProfileRow, 'updatedAt'>): Promise<JobSkillProfileRow> {
  const { userId: _user, ...rest } = row;
  const [saved] = await db
    .insert(jobSkillProfiles)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: jobSkillProfiles.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return saved!;
}

// --- bookmarks and recent views --------------------------------------------------------------

export async function addBookmark(db: DbOrTx, userId: string, postingId: string): Promise<void> {
  await db.insert(jobBookmarks).values({ userId, postingId }).onConflictDoNothing();
}

export async function removeBookmark(db: DbOrTx, userId: string, postingId: string): Promise<void> {
  await db.delete(jobBookmarks).where(and(eq(jobBookmarks.userId, userId), eq(jobBookmarks.postingId, postingId)));
}

export async function bookmarkedAmong(db: DbOrTx, userId: string, postingIds: readonly string[]): Promise<Set<string>> {
  if (postingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: jobBookmarks.postingId })
    .from(jobBookmarks)
    .where(and(eq(jobBookmarks.userId, userId), inArray(jobBookmarks.postingId, [...postingIds])));
  return new Set(rows.map((r) => r.id));
}

export async function listBookmarkIds(db: DbOrTx, userId: string, q: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: jobBookmarks.postingId })
      .from(jobBookmarks)
      .where(eq(jobBookmarks.userId, userId))
      .orderBy(desc(jobBookmarks.createdAt), desc(jobBookmarks.postingId))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(jobBookmarks).where(eq(jobBookmarks.userId, userId)),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
}

export const RECENT_VIEWS_KEPT = 30;

/** Record a view and keep only the newest RECENT_VIEWS_KEPT per member. */
export async function recordView(db: DbOrTx, userId: string, postingId: string, at: Date): Promise<void> {
  await db
    .insert(jobRecentViews)
    .values({ userId, postingId, viewedAt: at })
    .onConflictDoUpdate({ target: [jobRecentViews.userId, jobRecentViews.postingId], set: { viewedAt: at } });
  await db.execute(sql`delete from job_recent_views where user_id = ${userId} and posting_id not in (
    select posting_id from job_recent_views where user_id = ${userId} order by viewed_at desc limit ${RECENT_VIEWS_KEPT})`);
}

export async function recentViews(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: jobRecentViews.postingId, viewedAt: jobRecentViews.viewedAt })
    .from(jobRecentViews)
    .where(eq(jobRecentViews.userId, userId))
    .orderBy(desc(jobRecentViews.viewedAt))
    .limit(limit);
}

// --- saved searches --------------------------------------------------------------------------

export async function listSavedSearches(db: DbOrTx, userId: string): Promise<JobSavedSearchRow[]> {
  return db.select().from(jobSavedSearches).where(eq(jobSavedSearches.userId, userId)).orderBy(jobSavedSearches.createdAt);
}

export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(jobSavedSearches).where(eq(jobSavedSearches.userId, userId));
  return Number(r?.n ?? 0);
}

export async function findSavedSearch(db: DbOrTx, id: string): Promise<JobSavedSearchRow | undefined> {
  const [row] = await db.select().from(jobSavedSearches).where(eq(jobSavedSearches.id, id));
  return row;
}

export async function insertSavedSearch(
  db: DbOrTx,
  row: { userId: string; name: string; filters: Record<string, unknown>; alertEnabled: boolean; nextAlertAt: Date },
): Promise<JobSavedSearchRow> {
  const [saved] = await db.insert(jobSavedSearches).values(row).returning();
  return saved!;
}

export async function updateSavedSearch(db: DbOrTx, id: string, patch: Partial<JobSavedSearchRow>): Promise<JobSavedSearchRow | undefined> {
  const [row] = await db
    .update(jobSavedSearches)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(jobSavedSearches.id, id))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobSavedSearches).where(eq(jobSavedSearches.id, id));
}

export async function dueSavedSearches(db: DbOrTx, now: Date, limit: number): Promise<JobSavedSearchRow[]> {
  return db
    .select()
    .from(jobSavedSearches)
    .where(and(eq(jobSavedSearches.alertEnabled, true), lte(jobSavedSearches.nextAlertAt, now)))
    .orderBy(jobSavedSearches.nextAlertAt)
    .limit(limit);
}

/** Claim a due alert (compare-and-swap on next_alert_at): false when another run took it. */
/** Claim a saved search's due alert: its next run, the cursor its next search starts after, and when it last mailed. */
export async function claimAlert(
  db: DbOrTx,
  row: JobSavedSearchRow,
  claim: { next: Date; cursor: Date; now: Date; sent: boolean },
): Promise<boolean> {
  const r = await db
    .update(jobSavedSearches)
    .set({ nextAlertAt: claim.next, alertCursor: claim.cursor, ...(claim.sent ? { lastAlertedAt: claim.now } : {}) })
    .where(and(eq(jobSavedSearches.id, row.id), eq(jobSavedSearches.nextAlertAt, row.nextAlertAt), eq(jobSavedSearches.alertEnabled, true)))
    .returning({ id: jobSavedSearches.id });
  return r.length === 1;
}

// --- corrections -----------------------------------------------------------------------------

export type CorrectionView = JobCorrectionRow & { postingTitle: string | null; companyName: string | null };

const correctionView = {
  ...getTableColumns(jobCorrections),
  postingTitle: jobPostings.title,
  companyName: jobCompanies.name,
};

function correctionsFrom(db: DbOrTx) {
  return db
    .select(correctionView)
    .from(jobCorrections)
    .leftJoin(jobPostings, eq(jobPostings.id, jobCorrections.postingId))
    .leftJoin(jobCompanies, eq(jobCompanies.id, jobPostings.companyId));
}

export async function insertCorrection(
  db: DbOrTx,
  row: { postingId: string | null; reporterId: string; kind: JobCorrectionRow['kind']; message: string },
): Promise<string> {
  const [r] = await db.insert(jobCorrections).values(row).returning({ id: jobCorrections.id });
  return r!.id;
}

export async function findCorrection(db: DbOrTx, id: string): Promise<CorrectionView | undefined> {
  const [row] = await correctionsFrom(db).where(eq(jobCorrections.id, id));
  return row;
}

export async function listCorrections(db: DbOrTx, q: { page: number; size: number; status?: string | undefined; reporterId?: string }) {
  const conds = [
    q.status ? eq(jobCorrections.status, q.status as JobCorrectionRow['status']) : undefined,
    q.reporterId ? eq(jobCorrections.reporterId, q.reporterId) : undefined,
  ].filter((c) => c !== undefined);
  const w = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    correctionsFrom(db)
      .where(w)
      .orderBy(desc(jobCorrections.createdAt), desc(jobCorrections.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(jobCorrections).where(w),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Move a correction from `from` to `to` (compare-and-swap): false when its status changed meanwhile. */
export async function moveCorrection(db: DbOrTx, id: string, from: string, to: string, adminNote: string | undefined): Promise<boolean> {
  const r = await db
    .update(jobCorrections)
    .set({ status: to as JobCorrectionRow['status'], ...(adminNote !== undefined ? { adminNote } : {}), updatedAt: new Date() })
    .where(and(eq(jobCorrections.id, id), eq(jobCorrections.status, from as JobCorrectionRow['status'])))
    .returning({ id: jobCorrections.id });
  return r.length === 1;
}
