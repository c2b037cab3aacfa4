/**
 * Studies: proposal, reading (public list, by id, by slug), changes by the leader, soft delete
 * and the status history. Status moves live in status-service.ts; applications and members in
 * their own services.
 */
import {
  type ApplicationStatus,
  DELETABLE_STUDY_STATUSES,
  type Page,
  type Study,
  type StudyArrayQuery,
  type StudyListQuery,
  studyListSort,
  type StudyPatch,
  type StudyProposal,
  type StudyStatus,
  type StudyTransition,
  type StudyViewer,
  describeDuration,
  describeSchedule,
  seoulDate,
  studyScheduleIssues,
  studyApplicability,
  studySlugBase,
  toPage,
} from '@moim/contract';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type StudyAccess,
  accessFrom,
  accessOf,
  assertLeaderOrAdmin,
  assertVisible,
  assertVisibleBySlug,
  studyNotFound,
} from './access.ts';
import {
  type PublicListParams,
  publicPage,
  publicPageBytes,
  PAGE_MARK,
  QUESTIONS_MARK,
  studyBySlugFor,
  studyCardBySlug,
  type ViewerCols,
  viewerStudyCardBySlug,
} from './study-read-repo.ts';
import { latestApplicationOf } from './application-repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StudyDeps } from './deps.ts';
import { insertOwner } from './membership-repo.ts';
import type { NewStudyRow, StudyRow } from './schema.ts';
import {
  type StudyWithLeader,
  findStudy,
  insertStudy,
  insertTransition,
  listPublic,
  listTransitions,
  lockStudy,
  slugsLike,
  updateStudy,
} from './study-repo.ts';
import { toStudy, toTransition } from './study-view.ts';
import { ok } from '../../http/envelope.ts';
import { type ReadCache, cachedJson } from '../../cache/read-cache.ts';

const EDITABLE_STATUSES: readonly StudyStatus[] = ['PENDING', 'APPROVED', 'IN_PROGRESS'];

/**
 * A study's `Study` JSON from its card (`studyCardBySlug`, the list's text of it, migration 0024):
 * `JSON.stringify(toStudy(row, now))`, byte for byte, with `applicability` (and questions) written
 * in as a list page's are (`studyPageJsonOf`); with `caller` (`viewerOf`),
 * `toStudy(row, now, { privileged, viewer })`'s: the reject reason and the viewer block spliced in.
 */
export function studyCardJsonOf(card: string, now: Date, caller?: CallerView): string {
  let json = studyPageJsonOf(card, now);
  if (!caller) return json;
  if (caller.rejectReason != null) {
    // the card's `"rejectReason":null` is its last one: only timestamps, applicability and the
    // viewer follow it, and a user's text holds `"` only escaped (`\"`)
    const at = json.lastIndexOf(REJECT_NULL);
    json = `${json.slice(0, at)}"rejectReason":${JSON.stringify(caller.rejectReason)}${json.slice(at + REJECT_NULL.length)}`;
  }
  if (!json.endsWith(VIEWER_NULL)) throw new Error('a study card ends with "viewer":null');
  return `${json.slice(0, -VIEWER_NULL.length)}"viewer":${JSON.stringify(caller.viewer)}}`;
}

const VIEWER_NULL = '"viewer":null}';
const REJECT_NULL = '"rejectReason":null';

/** What a signed-in caller's detail shows beyond a guest's: `toStudy`'s `rejectReason` and `viewer`. */
export interface CallerView {
  rejectReason: string | null;
  viewer: StudyViewer;
}

/**
 * getBySlug's visibility check and viewer block from VIEWER_COLS: `accessFrom` decides the
 * leader and admin (visibility by slug depends on nothing else: `canSee`), the role is the
 * caller's while an active member (`accessFrom`'s `membership.isActive ? role : null`).
 */
export function viewerOf(
  row: { status: StudyStatus; deleted: boolean; leaderId: string } | undefined,
  user: AuthUser,
  cols: ViewerCols,
): CallerView {
  assertVisibleBySlug(row, user, undefined);
  const a = accessFrom(row, user, undefined);
  const app = cols.viewerApplication;
  const sp = app ? app.indexOf(' ') : -1;
  return {
    rejectReason: a.isOwner || a.isAdmin ? cols.rejectReason : null,
    viewer: {
      isLeader: a.isOwner,
      isAdmin: a.isAdmin,
      role: cols.viewerRole,
      isActiveMember: cols.viewerRole !== null,
      applicationId: app ? app.slice(0, sp) : null,
      applicationStatus: app ? (app.slice(sp + 1) as ApplicationStatus) : null,
    },
  };
}

/**
 * A study card (or cards, comma-separated) as `toStudy` writes each: every
 * `applicability` from the text between two PAGE_MARKs (the stored card's inputs, migration 0024), `questions` other
 * than `[]` parsed and written again (jsonb prints them with spaces).
 */
export function studyPageJsonOf(page: string, now: Date): string {
  const nowMs = now.getTime();
  const parts = page.split(PAGE_MARK);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    out += applicabilityJsonOf(parts[i]!, nowMs) + parts[i + 1]!;
  }
  if (!page.includes(QUESTIONS_MARK)) return out;
  const q = out.split(QUESTIONS_MARK);
  for (let i = 1; i < q.length; i += 2) q[i] = JSON.stringify(JSON.parse(q[i]!));
  return q.join('');
}

/**
 * `studyPageJsonOf` on a list page's UTF-8 bytes (`publicPageBytes`), as the pieces of
 * the result: the bytes between marks as they came (views, not copies), each `applicability`
 * from its inputs (ASCII), the questions between QUESTIONS_MARKs written again. The marks are
 * single bytes in UTF-8 (no byte of a multi-byte character is below 0x80).
 */
export function studyPageBytesOf(page: Buffer, now: Date): Buffer[] {
  const nowMs = now.getTime();
  const out: Buffer[] = [];
  let pos = 0;
  // the next mark of each kind, each searched again only once passed (a page without marked
  // questions is not scanned to its end once per card); the two kinds never nest: both are
  // control bytes, which the database's JSON escapes inside strings
  let a = page.indexOf(PAGE_MARK_BYTE);
  let q = page.indexOf(QUESTIONS_MARK_BYTE);
  while (a >= 0 || q >= 0) {
    if (q < 0 || (a >= 0 && a < q)) {
      const b = page.indexOf(PAGE_MARK_BYTE, a + 1);
      out.push(page.subarray(pos, a), applicabilityBytesOf(page.toString('latin1', a + 1, b), nowMs));
      pos = b + 1;
      a = page.indexOf(PAGE_MARK_BYTE, pos);
    } else {
      const b = page.indexOf(QUESTIONS_MARK_BYTE, q + 1);
      out.push(page.subarray(pos, q), Buffer.from(JSON.stringify(JSON.parse(page.toString('utf8', q + 1, b)))));
      pos = b + 1;
      q = page.indexOf(QUESTIONS_MARK_BYTE, pos);
    }
  }
  out.push(page.subarray(pos));
  return out;
}

const PAGE_MARK_BYTE = PAGE_MARK.charCodeAt(0);
const QUESTIONS_MARK_BYTE = QUESTIONS_MARK.charCodeAt(0);
const applicabilityBytes = new Map<string, Buffer>();

function applicabilityBytesOf(input: string, nowMs: number): Buffer {
  const json = applicabilityJsonOf(input, nowMs);
  let b = applicabilityBytes.get(json);
  if (!b) {
    b = Buffer.from(json);
    applicabilityBytes.set(json, b);
  }
  return b;
}

/**
 * `JSON.stringify(studyApplicability(…))` of a card's applicability inputs (status, deadline in
 * epoch ms, capacity, enrolled, seats taken, isRecruiting, space-separated), remembered by those
 * inputs and whether the deadline has passed, the one way the rule depends on the time
 * (study-rules.ts `deadlinePassed`: `now > deadline`). A page's ten studies then cost ten map
 * look-ups instead of ten Dates, rule calls and stringifications.
 */
const applicabilityByInput = new Map<string, string>();

function applicabilityJsonOf(input: string, nowMs: number): string {
  const s1 = input.indexOf(' ');
  const deadline = Number(input.slice(s1 + 1, input.indexOf(' ', s1 + 1)));
  const key = nowMs > deadline ? `${input} passed` : input;
  let json = applicabilityByInput.get(key);
  if (json === undefined) {
    const [status, , capacity, enrolled, seatsTaken, isRecruiting] = input.split(' ') as [string, ...string[]];
    json = JSON.stringify(
      studyApplicability(
        {
          status,
          recruitDeadline: new Date(deadline),
          capacity: Number(capacity),
          enrolled: Number(enrolled),
          seatsTaken: Number(seatsTaken),
          isRecruiting: isRecruiting === '' ? null : isRecruiting === 'true',
        },
        new Date(nowMs),
      ),
    );
    if (applicabilityByInput.size >= 10_000) applicabilityByInput.clear();
    applicabilityByInput.set(key, json);
  }
  return json;
}

/** `JSON.stringify(ok(toPage(content, total, q)))` around a page's bytes (`studyPageBytesOf`'s pieces), as one Buffer. */
function pageEnvelopeBytes(content: Buffer[], total: number, q: { page: number; size: number }): Buffer {
  const rest = JSON.stringify(toPage([], total, q)).slice('{"content":[]'.length);
  return Buffer.concat([PAGE_HEAD, ...content, Buffer.from(`]${rest}}`)]);
}

const PAGE_HEAD = Buffer.from('{"success":true,"data":{"content":[');

/** The list query as the read repo's page parameters (`publicPage`, `publicPageBytes`). */
function publicListParams(q: StudyListQuery, now: Date): PublicListParams {
  return {
    type: q.type ?? null,
    costType: q.costType ?? null,
    recurrence: q.recurrence ?? null,
    recruiting: q.recruiting === true,
    now,
    limit: q.size,
    offset: q.page * q.size,
  };
}

/** The cross-field rules a proposal or change breaks, as the validator reports fields (their messages form keys). */
function throwIssues(issues: ReturnType<typeof studyScheduleIssues>): void {
  const first = issues[0];
  if (!first) return;
  const fields = issues.map((i) => ({ path: `body.${i.path}`, code: i.message.slice('form.'.length), message: i.message }));
  throw invalidInput(first.code, ...fields);
}

export function toQuestions(list: { text: string; required: boolean }[]) {
  return list.map((q, i) => ({ id: `q${i + 1}`, text: q.text, required: q.required }));
}

export class StudyService {
  constructor(private readonly d: StudyDeps) {}

  private get db() {
    return this.d.ctx.db;
  }

  // -------------------------------------------------------------------------------------------
  // Proposal

  async propose(user: AuthUser, body: StudyProposal): Promise<Study> {
    const now = this.d.clock();
    throwIssues(studyScheduleIssues(body, now));
    const base = studySlugBase(body.generation, body.title, body.slug);
    const values: Omit<NewStudyRow, 'slug'> = {
      title: body.title,
      generation: body.generation,
      tagline: body.tagline,
      proposerId: user.id,
      leaderId: user.id,
      type: body.type,
      welcomeMessage: body.welcomeMessage,
      schedule: body.schedule ?? describeSchedule(body.recurrenceType, body.scheduleDetails, body.startDate),
      duration: body.duration ?? describeDuration(body.startDate, body.endDate),
      scheduleWeekdays: body.scheduleDetails.weekdays,
      sessionStartTime: body.scheduleDetails.startTime,
      sessionEndTime: body.scheduleDetails.endTime,
      timezone: body.scheduleDetails.timezone,
      locationType: body.location.type,
      locationAddress: body.location.address || null,
      capacity: body.capacity,
      recruitDeadline: new Date(body.recruitDeadline),
      status: 'PENDING',
      recurrenceType: body.recurrenceType,
      startDate: body.startDate,
      endDate: body.endDate,
      costType: body.costType,
      cost: body.costType === 'FREE' ? 0 : body.cost,
      costDescription: body.costDescription,
      paymentDeadlineHours: body.paymentDeadlineHours,
      questions: toQuestions(body.questions),
      createdAt: now,
      updatedAt: now,
    };
    // A unique slug: the base, else base-2, base-3… (a concurrent proposal taking the same one retries).
    for (let attempt = 0; ; attempt++) {
      const taken = new Set(await slugsLike(this.db, base));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      try {
        const id = await this.db.transaction(async (tx) => {
          const row = await insertStudy(tx, { ...values, slug });
          await insertOwner(tx, row.id, user.id, now);
          await insertTransition(tx, { studyId: row.id, action: 'PROPOSE', fromStatus: null, toStatus: 'PENDING', actorId: user.id });
          return row.id;
        });
        this.d.caches.invalidate();
        return this.getById(id, user);
      } catch (err) {
        if (attempt < 5 && isUniqueViolation(err, 'studies_slug_idx')) continue;
        throw err;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  async viewerOf(db: DbOrTx, study: StudyRow, a: StudyAccess): Promise<StudyViewer | null> {
    if (!a.userId) return null;
    const app = await latestApplicationOf(db, study.id, a.userId);
    return {
      isLeader: a.isOwner,
      isAdmin: a.isAdmin,
      role: a.role,
      isActiveMember: a.isActiveMember,
      applicationId: app?.id ?? null,
      applicationStatus: app?.status ?? null,
    };
  }

  async present(row: StudyWithLeader, a: StudyAccess, db: DbOrTx = this.db): Promise<Study> {
    return toStudy(row, this.d.clock(), { privileged: a.isOwner || a.isAdmin, viewer: await this.viewerOf(db, row, a) });
  }

  /** Any non-deleted study; PENDING and REJECTED only to their leader and admins (else BIZ-3001). */
  async getById(id: string, user: AuthUser | null): Promise<Study> {
    const row = await findStudy(this.db, id);
    if (!row) throw studyNotFound();
    const a = await accessOf(this.db, row, user);
    assertVisible(row, a);
    return this.present(row, a);
  }

  /**
   * APPROVED, IN_PROGRESS, COMPLETED and PENDING (the last only to its leader and admins). One
   * query: the study, its leader, and the caller's membership and latest application.
   */
  async getBySlug(slug: string, user: AuthUser | null): Promise<Study> {
    const found = await studyBySlugFor(this.db, slug, user?.id ?? null);
    if (!found) throw studyNotFound();
    const row = found.study;
    assertVisibleBySlug(row, user, found.membership);
    const a = accessFrom(row, user, found.membership);
    const app = found.latestApplication;
    const viewer: StudyViewer | null = a.userId
      ? {
          isLeader: a.isOwner,
          isAdmin: a.isAdmin,
          role: a.role,
          isActiveMember: a.isActiveMember,
          applicationId: app?.id ?? null,
          applicationStatus: app?.status ?? null,
        }
      : null;
    return toStudy(row, this.d.clock(), { privileged: a.isOwner || a.isAdmin, viewer });
  }

  /** The public list (APPROVED, not deleted), one page: one statement without a text query. */
  async listPaged(q: StudyListQuery): Promise<Page<Study>> {
    const now = this.d.clock();
    const { rows, total } = q.q
      ? await listPublic(this.db, { ...q, sort: studyListSort(q) }, now, q.size, q.page * q.size)
      : await publicPage(this.db, studyListSort(q), publicListParams(q, now));
    return toPage(
      rows.map((r) => toStudy(r, now)),
      total,
      q,
    );
  }

  /** GET /api/studies: the current approved studies as a plain array (up to `limit`). */
  async listArray(q: StudyArrayQuery): Promise<Study[]> {
    const now = this.d.clock();
    const { rows } = await listPublic(this.db, { ...q, sort: studyListSort(q) }, now, q.limit, 0, false);
    return rows.map((r) => toStudy(r, now));
  }

  // The hot public reads, as ready-made envelope JSON from the short-lived cache (guests only
  // for the slug detail: a signed-in caller gets their own viewer block).

  async listPagedJson(q: StudyListQuery): Promise<string | Buffer> {
    const key = `page:${JSON.stringify({ ...q, sort: studyListSort(q) })}`;
    // A text query takes the general path.
    if (q.q) return this.cached(this.d.caches.lists, key, () => this.listPaged(q));
    // The page's stored study cards (migration 0024), concatenated by the database, with the
    // leader's profile joined and `applicability` computed here (study-read-repo.ts
    // `pageTextSql`, docs/performance.md "Stored study cards"), as bytes from the database's
    // socket to the client's (`publicPageBytes`).
    return cachedJson(this.d.caches.lists, key, async () => {
      const now = this.d.clock();
      const { page, total } = await publicPageBytes(this.db, studyListSort(q), publicListParams(q, now));
      return pageEnvelopeBytes(studyPageBytesOf(page, now), total, q);
    });
  }

  async listArrayJson(q: StudyArrayQuery): Promise<string | Buffer> {
    return this.cached(this.d.caches.lists, `array:${JSON.stringify(q)}`, () => this.listArray(q));
  }

  async getBySlugJson(slug: string, user: AuthUser | null): Promise<string> {
    if (user) return this.viewerBySlugJson(slug, user);
    return cachedJson(this.d.caches.bySlug, slug, () => this.guestBySlugJson(slug));
  }

  /**
   * `JSON.stringify(ok(getBySlug(slug, null)))` from the study's stored card, read as the list
   * reads it (`studyCardBySlug`, both drivers): the same bytes as the study on a list page.
   */
  async guestBySlugJson(slug: string): Promise<string> {
    const row = await studyCardBySlug(this.db, slug);
    assertVisibleBySlug(row, null, undefined);
    return `{"success":true,"data":${studyCardJsonOf(row.card, this.d.clock())}}`;
  }

  /**
   * `JSON.stringify(ok(getBySlug(slug, user)))` for a signed-in caller, from one statement that
   * reads the study's card and the caller's role, latest application and the reject reason
   * (`viewerStudyCardBySlug`), without Drizzle's mapping of 44 + 10 columns and `toStudy`.
   * Visibility as getBySlug decides it.
   */
  async viewerBySlugJson(slug: string, user: AuthUser): Promise<string> {
    const row = await viewerStudyCardBySlug(this.db, slug, user.id);
    if (!row) throw studyNotFound();
    const v = viewerOf(row, user, row);
    return `{"success":true,"data":${studyCardJsonOf(row.card, this.d.clock(), v)}}`;
  }

  private cached(cache: ReadCache<string | Buffer>, key: string, load: () => Promise<unknown>): Promise<string | Buffer> {
    return cachedJson(cache, key, async () => JSON.stringify(ok(await load())));
  }

  // -------------------------------------------------------------------------------------------
  // Changes

  /** PATCH by the leader or an admin, while PENDING, APPROVED or IN_PROGRESS. */
  async patch(id: string, user: AuthUser, body: StudyPatch): Promise<Study> {
    const now = this.d.clock();
    await this.db.transaction(async (tx) => {
      const row = await lockStudy(tx, id);
      if (!row) throw studyNotFound();
      const a = await accessOf(tx, row, user);
      assertVisible(row, a);
      assertLeaderOrAdmin(a, 'studies.editLeaderOnly');
      if (!EDITABLE_STATUSES.includes(row.status)) throw new AppError('BIZ-3002', 'studies.notEditable', { status: row.status });

      const costType = body.costType ?? row.costType;
      const cost = body.cost ?? (body.costType === 'FREE' ? 0 : row.cost);
      if ((costType !== row.costType || cost !== row.cost) && row.seatsTaken > 0) {
        throw new AppError('BIZ-3002', 'studies.costLocked', { seatsTaken: row.seatsTaken });
      }
      if (body.capacity !== undefined && body.capacity < row.seatsTaken) {
        throw new AppError(
          'BIZ-3002',
          { key: 'studies.capacityBelowSeats', params: { seatsTaken: row.seatsTaken } },
          {
            seatsTaken: row.seatsTaken,
            enrolled: row.enrolled,
          },
        );
      }
      const merged = {
        startDate: body.startDate ?? row.startDate,
        endDate: body.endDate ?? row.endDate,
        recruitDeadline: body.recruitDeadline ?? row.recruitDeadline,
        costType,
        cost,
        recurrenceType: body.recurrenceType ?? row.recurrenceType,
        scheduleDetails: body.scheduleDetails ?? {
          weekdays: row.scheduleWeekdays,
          startTime: row.sessionStartTime,
          endTime: row.sessionEndTime,
        },
      };
      const startChanged = body.startDate !== undefined && body.startDate !== row.startDate;
      throwIssues(
        studyScheduleIssues(merged, now, {
          start: startChanged && (row.status === 'PENDING' || row.status === 'APPROVED'),
          deadline: false,
        }),
      );

      const scheduleChanged =
        body.scheduleDetails !== undefined ||
        body.recurrenceType !== undefined ||
        body.startDate !== undefined ||
        body.endDate !== undefined;
      const searchable = body.title !== undefined || body.tagline !== undefined;
      const patch: Partial<NewStudyRow> = {
        // together: the search columns are computed from both (study-repo.ts)
        title: searchable ? (body.title ?? row.title) : undefined,
        tagline: searchable ? (body.tagline ?? row.tagline) : undefined,
        type: body.type,
        welcomeMessage: body.welcomeMessage,
        capacity: body.capacity,
        recruitDeadline: body.recruitDeadline !== undefined ? new Date(body.recruitDeadline) : undefined,
        startDate: body.startDate,
        endDate: body.endDate,
        recurrenceType: body.recurrenceType,
        costType: body.costType,
        cost: body.costType !== undefined || body.cost !== undefined ? cost : undefined,
        costDescription: body.costDescription,
        paymentDeadlineHours: body.paymentDeadlineHours,
        questions: body.questions ? toQuestions(body.questions) : undefined,
        isRecruiting: body.isRecruiting,
        locationType: body.location?.type,
        locationAddress: body.location ? body.location.address || null : undefined,
        scheduleWeekdays: body.scheduleDetails?.weekdays,
        sessionStartTime: body.scheduleDetails?.startTime,
        sessionEndTime: body.scheduleDetails?.endTime,
        schedule:
          body.schedule ??
          (scheduleChanged ? describeSchedule(merged.recurrenceType, merged.scheduleDetails, merged.startDate) : undefined),
        duration: body.duration ?? (body.startDate || body.endDate ? describeDuration(merged.startDate, merged.endDate) : undefined),
      };
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<NewStudyRow>;
      const updated = await updateStudy(tx, id, clean);
      if (updated && (updated.status === 'APPROVED' || updated.status === 'IN_PROGRESS') && (scheduleChanged || body.recruitDeadline)) {
        await this.d.calendar.syncGeneratedEvents(tx, updated, seoulDate(now));
      }
    });
    this.d.caches.invalidate();
    return this.getById(id, user);
  }

  /** Soft delete of a REJECTED or TERMINATED study by its leader or an admin. */
  async remove(id: string, user: AuthUser): Promise<void> {
    const now = this.d.clock();
    await this.db.transaction(async (tx) => {
      const row = await lockStudy(tx, id);
      if (!row) throw studyNotFound();
      const a = await accessOf(tx, row, user);
      assertVisible(row, a);
      assertLeaderOrAdmin(a, 'studies.deleteLeaderOnly');
      if (!(DELETABLE_STUDY_STATUSES as readonly StudyStatus[]).includes(row.status)) {
        throw new AppError('BIZ-3002', 'studies.notDeletable', { status: row.status });
      }
      await updateStudy(tx, id, { deleted: true, deletedAt: now });
      await insertTransition(tx, { studyId: id, action: 'DELETE', fromStatus: row.status, toStatus: row.status, actorId: user.id });
    });
    this.d.caches.invalidate();
  }

  /** The status history, for the leader and admins. */
  async transitions(id: string, user: AuthUser): Promise<StudyTransition[]> {
    const row = await findStudy(this.db, id);
    if (!row) throw studyNotFound();
    const a = await accessOf(this.db, row, user);
    assertVisible(row, a);
    assertLeaderOrAdmin(a, 'studies.historyLeaderOnly');
    return (await listTransitions(this.db, id)).map(toTransition);
  }
}
