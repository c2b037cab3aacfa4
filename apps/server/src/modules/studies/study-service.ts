/**
 * Studies: proposal, reading (public list, by id, by slug), changes by the leader, soft delete
 * and the status history. Status moves live in status-service.ts; applications and members in
 * their own services.
 */
import {
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
  snapPeriodToSessions,
  studyScheduleIssues,
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
  studyBySlugFor,
  studyCardBySlug,
  viewerStudyCardBySlug,
} from './study-read-repo.ts';
import { latestApplicationOf } from './application-repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StudyDeps } from './deps.ts';
import { insertOwner } from './membership-repo.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';
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
import { pageEnvelopeBytes, studyCardJsonOf, studyPageBytesOf, viewerOf } from './study-json.ts';
import { ok } from '../../http/envelope.ts';
import { type ReadCache, cachedJson } from '../../cache/read-cache.ts';

const EDITABLE_STATUSES: readonly StudyStatus[] = ['PENDING', 'APPROVED', 'IN_PROGRESS'];

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

/**
 * The period a study stores: its start on the first session and its end on the last
 * (study-period.ts), so the pages never show a day without a session as an end of the period.
 * A period holding no session is refused (400 VAL-2004, `form.noSessionInPeriod`).
 */
function sessionPeriod(p: {
  recurrenceType: StudyProposal['recurrenceType'];
  scheduleDetails: { weekdays: StudyProposal['scheduleDetails']['weekdays'] };
  startDate: string;
  endDate: string;
}): { startDate: string; endDate: string } {
  const snapped = snapPeriodToSessions({
    recurrenceType: p.recurrenceType,
    weekdays: p.scheduleDetails.weekdays,
    startDate: p.startDate,
    endDate: p.endDate,
  });
  if (!snapped) {
    throw invalidInput('VAL-2004', { path: 'body.startDate', code: 'noSessionInPeriod', message: 'form.noSessionInPeriod' });
  }
  return snapped;
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

  async propose(user: AuthUser, proposed: StudyProposal): Promise<Study> {
    const now = this.d.clock();
    throwIssues(studyScheduleIssues(proposed, now));
    const body = { ...proposed, ...sessionPeriod(proposed) };
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
  async patch(id: string, user: AuthUser, input: StudyPatch): Promise<Study> {
    const now = this.d.clock();
    const body = { ...input };
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
      if (scheduleChanged) {
        const period = sessionPeriod(merged);
        // a study that has begun keeps the day it began (its past sessions happened) unless the
        // leader moves it: only its end follows the new schedule
        const keepStart = (row.status === 'IN_PROGRESS' || row.status === 'COMPLETED') && body.startDate === undefined;
        if (!keepStart && (period.startDate !== row.startDate || body.startDate !== undefined)) body.startDate = period.startDate;
        if (period.endDate !== row.endDate || body.endDate !== undefined) body.endDate = period.endDate;
        merged.startDate = keepStart ? row.startDate : period.startDate;
        merged.endDate = period.endDate;
      }
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
      // more seats: the line moves up in this transaction (the study's row is locked)
      if (body.capacity !== undefined && body.capacity > row.capacity) await promoteWaitlist(this.d, tx, id, now);
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
      // sockets watching the study's topics (applicants, check-ins) lose them once this commits
      await this.d.ctx.live.recheckAccessAfterCommit(tx, id);
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
