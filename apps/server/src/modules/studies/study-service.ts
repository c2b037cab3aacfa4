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
import { AppError } from '../../http/app-error.ts';
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
  GUEST_ROW as C,
  type GuestStudyRow,
  type PublicListParams,
  type StudyJsonRow,
  publicPage,
  publicPageText,
  PAGE_MARK,
  QUESTIONS_MARK,
  guestStudyJsonBySlug,
  guestStudyRowBySlug,
  studyBySlugFor,
  type ViewerCols,
  viewerStudyJsonBySlug,
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
import { coverThumbOf, toStudy, toTransition } from './study-view.ts';
import { ok } from '../../http/envelope.ts';
import type { ReadCache } from './read-cache.ts';

const EDITABLE_STATUSES: readonly StudyStatus[] = ['PENDING', 'APPROVED', 'IN_PROGRESS'];

/**
 * A guest's `Study` from the database's JSON (`guestStudyJsonBySlug`): `JSON.stringify(toStudy(row, now))`, byte for byte;
 * with `caller` (`viewerOf`), `toStudy(row, now, { privileged, viewer })`'s.
 */
export function studyJsonOf(r: StudyJsonRow, now: Date, caller?: CallerView): string {
  // jsonb prints `[{"id": "q1", …}]` with spaces: parsed and written again, as toStudy's row was
  const questions = r.questions === '[]' ? '[]' : JSON.stringify(JSON.parse(r.questions));
  const applicability = JSON.stringify(studyApplicability(r, now));
  let tail = r.jsonTail.slice(1, -1);
  if (caller?.rejectReason != null) {
    // STUDY_JSON_TAIL writes `"deleted":<bool>,"rejectReason":null,…`: the first such key is it
    const at = tail.indexOf(REJECT_NULL);
    tail = `${tail.slice(0, at)}"rejectReason":${JSON.stringify(caller.rejectReason)}${tail.slice(at + REJECT_NULL.length)}`;
  }
  const viewer = caller?.viewer ? JSON.stringify(caller.viewer) : 'null';
  return `${r.json.slice(0, -1)},"questions":${questions},${tail},"applicability":${applicability},"viewer":${viewer}}`;
}

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
 * The studies of `publicPageText`'s page, comma-separated, as `studyJsonOf` writes each: every
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

/**
 * A guest's `Study` from a `guestStudyRowBySlug` row: `toStudy` of the same study, key for key, from
 * the array (timestamps already ISO text; `studyApplicability` gets the deadline as a Date).
 */
export function guestStudyOf(r: GuestStudyRow, now: Date): Study {
  const v = (i: number): never => r[i] as never;
  const recruitDeadline: string = v(C.recruitDeadline);
  return {
    id: v(C.id),
    slug: v(C.slug),
    title: v(C.title),
    coverImage: v(C.coverImage),
    coverImageThumb: coverThumbOf(v(C.coverImage)),
    coverImageStatus: v(C.coverImageStatus),
    generation: v(C.generation),
    tagline: v(C.tagline),
    proposerId: v(C.proposerId),
    type: v(C.type),
    leader: { id: v(C.leaderId), name: v(C.leaderName), profileImage: v(C.leaderImage), welcomeMessage: v(C.welcomeMessage) },
    schedule: v(C.schedule),
    duration: v(C.duration),
    scheduleDetails: {
      weekdays: v(C.scheduleWeekdays),
      startTime: v(C.sessionStartTime),
      endTime: v(C.sessionEndTime),
      timezone: v(C.timezone),
    },
    location: { type: v(C.locationType), address: v(C.locationAddress) },
    capacity: v(C.capacity),
    enrolled: v(C.enrolled),
    seatsTaken: v(C.seatsTaken),
    recruitDeadline,
    isRecruiting: v(C.isRecruiting),
    status: v(C.status),
    recurrenceType: v(C.recurrenceType),
    startDate: v(C.startDate),
    endDate: v(C.endDate),
    costType: v(C.costType),
    costDescription: v(C.costDescription),
    cost: v(C.cost),
    paymentDeadlineHours: v(C.paymentDeadlineHours),
    questions: v(C.questions),
    deleted: v(C.deleted),
    rejectReason: null,
    createdAt: v(C.createdAt),
    updatedAt: v(C.updatedAt),
    applicability: studyApplicability(
      {
        status: v(C.status),
        recruitDeadline: new Date(recruitDeadline),
        capacity: v(C.capacity),
        enrolled: v(C.enrolled),
        seatsTaken: v(C.seatsTaken),
        isRecruiting: v(C.isRecruiting),
      },
      now,
    ),
    viewer: null,
  };
}

/** `JSON.stringify(ok(toPage(content, total, q)))` around studies that are already JSON. */
function pageEnvelopeJson(content: string[], total: number, q: { page: number; size: number }): string {
  const rest = JSON.stringify(toPage([], total, q)).slice('{"content":[]'.length);
  return `{"success":true,"data":{"content":[${content.join(',')}]${rest}}`;
}

/** The list query as the read repo's page parameters (`publicPage`, `publicPageText`). */
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

function throwIssues(issues: ReturnType<typeof studyScheduleIssues>): void {
  const first = issues[0];
  if (first) throw new AppError(first.code, first.message, { fields: issues });
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
      ? await listPublic(this.db, q, now, q.size, q.page * q.size)
      : await publicPage(this.db, q.sort, publicListParams(q, now));
    return toPage(
      rows.map((r) => toStudy(r, now)),
      total,
      q,
    );
  }

  /** GET /api/studies: the current approved studies as a plain array (up to `limit`). */
  async listArray(q: StudyArrayQuery): Promise<Study[]> {
    const now = this.d.clock();
    const { rows } = await listPublic(this.db, q, now, q.limit, 0, false);
    return rows.map((r) => toStudy(r, now));
  }

  // The hot public reads, as ready-made envelope JSON from the short-lived cache (guests only
  // for the slug detail: a signed-in caller gets their own viewer block).

  async listPagedJson(q: StudyListQuery): Promise<string> {
    const key = `page:${JSON.stringify(q)}`;
    // A text query takes the general path.
    if (q.q) return this.cached(this.d.caches.lists, key, () => this.listPaged(q));
    // Both drivers: the page's stored study cards (migration 0024), concatenated by the
    // database, with the leader's profile joined and `applicability` computed here
    // (study-read-repo.ts `pageTextSql`, docs/performance.md "Stored study cards").
    return this.cachedJson(this.d.caches.lists, key, async () => {
      const now = this.d.clock();
      const { page, total } = await publicPageText(this.db, q.sort, publicListParams(q, now), this.d.ctx.database.driver);
      return pageEnvelopeJson(page === '' ? [] : [studyPageJsonOf(page, now)], total, q);
    });
  }

  async listArrayJson(q: StudyArrayQuery): Promise<string> {
    return this.cached(this.d.caches.lists, `array:${JSON.stringify(q)}`, () => this.listArray(q));
  }

  async getBySlugJson(slug: string, user: AuthUser | null): Promise<string> {
    if (user) return this.viewerBySlugJson(slug, user);
    // A guest's detail as the list's rows are read (listPagedJson): on PGlite an array row shaped
    // by `guestStudyOf`, on PostgreSQL the database's JSON; the same bytes as `getBySlug(slug, null)`.
    return this.cachedJson(this.d.caches.bySlug, slug, async () => `{"success":true,"data":${await this.guestBySlugJson(slug)}}`);
  }

  /**
   * `JSON.stringify(ok(getBySlug(slug, user)))` for a signed-in caller, from one statement that
   * reads the guest's row (PGlite) or JSON (PostgreSQL) and the caller's role, latest application
   * and the reject reason (viewerStudyRowBySlug / viewerStudyJsonBySlug), without Drizzle's
   * mapping of 44 + 10 columns and `toStudy`. Visibility as getBySlug decides it.
   */
  async viewerBySlugJson(slug: string, user: AuthUser): Promise<string> {
    const row = await viewerStudyJsonBySlug(this.db, slug, user.id);
    if (!row) throw studyNotFound();
    const v = viewerOf(row, user, row);
    return `{"success":true,"data":${studyJsonOf(row, this.d.clock(), v)}}`;
  }

  /** `getBySlug(slug, null)` from a `guestStudyRowBySlug` array row (PGlite). */
  async guestBySlugFromRow(slug: string): Promise<Study> {
    const r = await guestStudyRowBySlug(this.db, slug);
    if (!r) throw studyNotFound();
    const row = { status: r[C.status] as StudyStatus, deleted: r[C.deleted] as boolean, leaderId: r[C.leaderId] as string };
    assertVisibleBySlug(row, null, undefined);
    return guestStudyOf(r, this.d.clock());
  }

  /** `JSON.stringify(getBySlug(slug, null))` from the database's JSON (`guestStudyJsonBySlug`, PostgreSQL). */
  async guestBySlugJson(slug: string): Promise<string> {
    const row = await guestStudyJsonBySlug(this.db, slug);
    assertVisibleBySlug(row, null, undefined);
    return studyJsonOf(row, this.d.clock());
  }

  private cached(cache: ReadCache<string>, key: string, load: () => Promise<unknown>): Promise<string> {
    return this.cachedJson(cache, key, async () => JSON.stringify(ok(await load())));
  }

  private async cachedJson(cache: ReadCache<string>, key: string, load: () => Promise<string>): Promise<string> {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const gen = cache.generation;
    const json = await load();
    cache.set(key, json, Date.now(), gen);
    return json;
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
      assertLeaderOrAdmin(a, '스터디 리더나 관리자만 수정할 수 있습니다.');
      if (!EDITABLE_STATUSES.includes(row.status)) throw new AppError('BIZ-3002', '지금 상태에서는 스터디를 수정할 수 없습니다.');

      const costType = body.costType ?? row.costType;
      const cost = body.cost ?? (body.costType === 'FREE' ? 0 : row.cost);
      if ((costType !== row.costType || cost !== row.cost) && row.seatsTaken > 0) {
        throw new AppError('BIZ-3003', '이미 참가가 확정되었거나 결제를 기다리는 멤버가 있어 비용을 바꿀 수 없습니다.');
      }
      if (body.capacity !== undefined && body.capacity < row.seatsTaken) {
        throw new AppError('BIZ-3003', `정원은 현재 참가 인원(${row.seatsTaken}명)보다 적을 수 없습니다.`, {
          seatsTaken: row.seatsTaken,
          enrolled: row.enrolled,
        });
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
      const patch: Partial<NewStudyRow> = {
        title: body.title,
        tagline: body.tagline,
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
      assertLeaderOrAdmin(a, '스터디 리더나 관리자만 삭제할 수 있습니다.');
      if (!(DELETABLE_STUDY_STATUSES as readonly StudyStatus[]).includes(row.status)) {
        throw new AppError('BIZ-3002', '반려되었거나 중단된 스터디만 삭제할 수 있습니다.');
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
    assertLeaderOrAdmin(a, '스터디 리더나 관리자만 볼 수 있습니다.');
    return (await listTransitions(this.db, id)).map(toTransition);
  }
}
