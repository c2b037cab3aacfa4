/**
 * Projects: create (draft or published), replace the owner's form, read (list, by slug with a
 * daily view count, by id), "my projects". Status moves, deletion and the deadline job live in
 * status-service.ts; applications in application-service.ts.
 */
import { createHmac } from 'node:crypto';
import {
  type MyProjects,
  type Page,
  type Project,
  type ProjectBody,
  type ProjectCreateBody,
  type ProjectListQuery,
  type ProjectStatus,
  type ProjectSummary,
  type ProjectViewer,
  EDITABLE_PROJECT_STATUSES,
  addDays,
  projectSlugBase,
  seoulDate,
  toPage,
} from '@moim/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { searchColumnsOf } from '../../search/korean-search.ts';
import { richTextToPlain, sanitizeRichText } from '../../text/rich-text.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { cachedJson } from '../../cache/read-cache.ts';
import { ok } from '../../http/envelope.ts';
import { type ProjectAccess, type ProjectsContext, accessOrNotFound, assertManager, listChanged } from './access.ts';
import { applicationsOfUser, countPending, latestApplicationOf, positionsWithPending } from './application-repo.ts';
import { countListed, listedCards } from './project-read-repo.ts';
import * as repo from './project-repo.ts';
import type { ProjectCardRow } from './project-repo.ts';
import { type Profiles, toApplication, toProject, toSummary } from './project-view.ts';
import type { NewProjectRow, ProjectRow } from './schema.ts';

/** How far ahead a recruitment deadline may be set. */
const MAX_DEADLINE_DAYS = 365;
/** How much of the description feeds the search columns (the index stays small; names, stack and positions come first). */
const SEARCH_DESCRIPTION_CHARS = 3000;

export interface ViewerHint {
  ip: string;
  userAgent: string;
}

/** A date out of its range: the message, and the field's own text (a form key, rendered in the reader's language). */
function dateIssue(path: string, rule: 'deadlineFromToday' | 'deadlineWithinYear'): AppError {
  return new AppError('VAL-2004', `projects.${rule}`, {
    fields: [{ path: `body.project.${path}`, code: 'out_of_range', message: `form.${rule}` }],
  });
}

/** Deadline rules for a project that recruits (or is about to): not past, not beyond a year. */
export function checkDeadline(deadline: string | null, now: Date): void {
  if (!deadline) return;
  const today = seoulDate(now);
  if (deadline < today) throw dateIssue('recruitmentDeadline', 'deadlineFromToday');
  if (deadline > addDays(today, MAX_DEADLINE_DAYS)) throw dateIssue('recruitmentDeadline', 'deadlineWithinYear');
}

/** The row fields the form decides (everything but owner, status, slug and counters), search columns included. */
export function projectRowFields(body: ProjectBody): Omit<NewProjectRow, 'slug' | 'ownerId'> {
  const description = sanitizeRichText(body.description);
  const search = searchColumnsOf(
    body.name,
    body.tagline,
    body.techStack.map((t) => t.name),
    body.positions.map((p) => [p.name, ...p.requiredSkills, ...(p.preferredSkills ?? [])].join(' ')),
    body.meeting.region,
    richTextToPlain(description).slice(0, SEARCH_DESCRIPTION_CHARS),
  );
  return {
    name: body.name,
    tagline: body.tagline,
    description,
    vision: body.vision,
    type: body.type,
    meetingType: body.meeting.type,
    meetingFrequency: body.meeting.frequency,
    meetingRegion: body.meeting.type === 'ONLINE' ? '' : body.meeting.region,
    recruitmentDeadline: body.recruitmentDeadline,
    startDate: body.startDate,
    expectedDuration: body.expectedDuration,
    collaborationTools: body.collaborationTools,
    compensation: body.compensation,
    repositoryUrl: body.links.repository,
    demoUrl: body.links.demo,
    contactUrl: body.links.contact,
    techStack: body.techStack,
    stackKeys: [...new Set(body.techStack.map((t) => t.name.toLowerCase()))],
    ...search,
  };
}

export class ProjectService {
  constructor(private readonly p: ProjectsContext) {}

  private get db() {
    return this.p.ctx.db;
  }

  async profiles(ids: Iterable<string>): Promise<Profiles> {
    return this.p.deps.users.publicProfiles([...new Set(ids)]);
  }

  // -------------------------------------------------------------------------------------------
  // Writing

  async create(user: AuthUser, body: ProjectCreateBody): Promise<Project> {
    const now = this.p.clock();
    const form = body.project;
    if (body.publish) checkDeadline(form.recruitmentDeadline, now);
    const status: ProjectStatus = body.publish ? 'RECRUITING' : 'DRAFT';
    const values = {
      ...projectRowFields(form),
      ownerId: user.id,
      status,
      publishedAt: body.publish ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    const base = projectSlugBase(form.name);
    // A unique slug: the base, else base-2, base-3… (a concurrent create taking the same one retries).
    for (let attempt = 0; ; attempt++) {
      const taken = new Set(await repo.slugsLike(this.db, base));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      try {
        const id = await this.db.transaction(async (tx) => {
          const row = await repo.insertProject(tx, { ...values, slug });
          await repo.insertPositions(
            tx,
            form.positions.map((pos, i) => ({
              projectId: row.id,
              name: pos.name,
              requiredCount: pos.requiredCount,
              requiredSkills: pos.requiredSkills,
              preferredSkills: pos.preferredSkills ?? [],
              responsibilities: pos.responsibilities ?? '',
              sortOrder: i,
              createdAt: now,
            })),
          );
          await repo.insertMember(tx, { projectId: row.id, userId: user.id, role: 'OWNER', joinedAt: now });
          await repo.insertTransition(tx, {
            projectId: row.id,
            action: 'CREATE',
            fromStatus: null,
            toStatus: 'DRAFT',
            actorId: user.id,
            at: now,
          });
          if (body.publish) {
            await repo.insertTransition(tx, {
              projectId: row.id,
              action: 'PUBLISH',
              fromStatus: 'DRAFT',
              toStatus: 'RECRUITING',
              actorId: user.id,
              at: now,
            });
          }
          return row.id;
        });
        listChanged(this.p);
        return this.getById(id, user);
      } catch (err) {
        if (attempt < 5 && isUniqueViolation(err, 'projects_slug_idx')) continue;
        throw err;
      }
    }
  }

  /** The owner's form, whole (PUT). The slug stays, so links keep working after a rename. */
  async replace(id: string, user: AuthUser, body: ProjectBody): Promise<Project> {
    const now = this.p.clock();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockProject(tx, id);
      const a = accessOrNotFound(row, user);
      assertManager(a);
      if (!(EDITABLE_PROJECT_STATUSES as readonly ProjectStatus[]).includes(row!.status)) {
        throw badState('projects.cancelledNotEditable');
      }
      if (row!.status === 'RECRUITING' && body.recruitmentDeadline !== row!.recruitmentDeadline)
        checkDeadline(body.recruitmentDeadline, now);
      await this.replacePositions(tx, row!, body, now);
      await repo.updateProject(tx, id, { ...projectRowFields(body), updatedAt: now });
    });
    listChanged(this.p);
    return this.getById(id, user);
  }

  /**
   * Positions with an id are changed in place (never below the seats already filled), new ones
   * added, missing ones taken off the page unless members hold them or applications wait on them.
   */
  private async replacePositions(tx: Tx, row: ProjectRow, body: ProjectBody, now: Date): Promise<void> {
    const current = await repo.positionsOf(tx, [row.id]);
    const byId = new Map(current.map((p) => [p.id, p]));
    for (const pos of body.positions) {
      if (pos.id && !byId.has(pos.id)) throw notFound({ key: 'projects.positionNotFoundNamed', params: { position: pos.name } });
    }
    const kept = new Set(body.positions.flatMap((p) => (p.id ? [p.id] : [])));
    const gone = current.filter((p) => !kept.has(p.id));
    const held = gone.find((p) => p.filledCount > 0);
    // (the positions' state — members joined, applications waiting — forbids it, so 409)
    if (held) throw badState({ key: 'projects.positionHasMembers', params: { position: held.name } });
    const pending = await positionsWithPending(
      tx,
      gone.map((p) => p.id),
    );
    const waiting = gone.find((p) => pending.has(p.id));
    if (waiting) throw badState({ key: 'projects.positionHasPending', params: { position: waiting.name } });
    await repo.removePositions(
      tx,
      gone.map((p) => p.id),
      now,
    );
    const fresh: Parameters<typeof repo.insertPositions>[1] = [];
    for (const [i, pos] of body.positions.entries()) {
      const fields = {
        name: pos.name,
        requiredCount: pos.requiredCount,
        requiredSkills: pos.requiredSkills,
        preferredSkills: pos.preferredSkills ?? [],
        responsibilities: pos.responsibilities ?? '',
        sortOrder: i,
      };
      if (!pos.id) {
        fresh.push({ ...fields, projectId: row.id, createdAt: now });
        continue;
      }
      const ok = await repo.updatePosition(tx, pos.id, fields);
      if (!ok) {
        const filled = byId.get(pos.id)!.filledCount;
        throw badState({ key: 'projects.countBelowFilled', params: { position: pos.name, filled } }, { filledCount: filled });
      }
    }
    await repo.insertPositions(tx, fresh);
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  private async viewerOf(db: DbOrTx, row: ProjectRow, a: ProjectAccess, isMember: boolean): Promise<ProjectViewer | null> {
    if (!a.userId) return null;
    const app = await latestApplicationOf(db, row.id, a.userId);
    let positionName = '';
    if (app) positionName = (await repo.positionsById(db, [app.positionId])).get(app.positionId)?.name ?? '';
    return {
      isOwner: a.isOwner,
      isAdmin: a.isAdmin,
      isMember,
      canManage: a.canManage,
      application: app
        ? { applicationId: app.id, status: app.status, positionId: app.positionId, positionName, reviewNote: app.reviewNote }
        : null,
      pendingApplications: a.canManage ? await countPending(db, row.id) : 0,
    };
  }

  async present(row: ProjectRow, a: ProjectAccess, db: DbOrTx = this.db): Promise<Project> {
    const [positions, members] = await Promise.all([repo.positionsOf(db, [row.id]), repo.membersOf(db, row.id)]);
    const isMember = !!a.userId && members.some((m) => m.userId === a.userId);
    const [viewer, profiles] = await Promise.all([
      this.viewerOf(db, row, a, isMember),
      this.profiles([row.ownerId, ...members.map((m) => m.userId)]),
    ]);
    return toProject(row, positions, members, profiles, viewer, this.p.clock());
  }

  async getById(id: string, user: AuthUser | null): Promise<Project> {
    const row = await repo.findProject(this.db, id);
    return this.present(row!, accessOrNotFound(row, user));
  }

  /** The detail page: counts the caller once per Seoul day (not the owner, not on drafts). */
  async getBySlug(slug: string, user: AuthUser | null, hint: ViewerHint | null): Promise<Project> {
    const row = await repo.findProjectBySlug(this.db, slug);
    const a = accessOrNotFound(row, user);
    if (row!.status !== 'DRAFT' && !a.isOwner && hint) {
      const now = this.p.clock();
      const day = seoulDate(now);
      if (await repo.recordView(this.db, row!.id, day, this.viewerKey(user, hint, day))) row!.viewCount += 1;
    }
    return this.present(row!, a);
  }

  /** "u:<id>" for a signed-in viewer, else an HMAC of address, browser and day (no address is stored). */
  private viewerKey(user: AuthUser | null, hint: ViewerHint, day: string): string {
    if (user) return `u:${user.id}`;
    const mac = createHmac('sha256', this.p.ctx.config.jwtSecret)
      .update(`project-view\n${day}\n${hint.ip}\n${hint.userAgent}`)
      .digest('base64url');
    return `g:${mac.slice(0, 32)}`;
  }

  async summaries(rows: ProjectCardRow[]): Promise<ProjectSummary[]> {
    const profiles = await this.profiles(rows.map((r) => r.ownerId));
    const now = this.p.clock();
    return rows.map((r) => toSummary(r, r.positions, profiles, now));
  }

  /**
   * The public list, one page: two prepared statements built once per list shape (the page with
   * its positions and owners, and the total: project-read-repo.ts). The total is skipped when the
   * first page is not full, and kept a few seconds otherwise (list-totals.ts).
   */
  async list(q: ProjectListQuery): Promise<Page<ProjectSummary>> {
    const offset = q.page * q.size;
    const { rows, owners } = await listedCards(this.db, q, q.size, offset);
    const key = JSON.stringify({ ...q, page: 0, size: 0, sort: '' });
    const total = offset === 0 && rows.length < q.size ? rows.length : await this.p.totals.get(key, () => countListed(this.db, q));
    const now = this.p.clock();
    return toPage(
      rows.map((r) => toSummary(r, r.positions, owners, now)),
      total,
      q,
    );
  }

  /**
   * GET /api/projects as its envelope's JSON, sent as it is (no zod response serialization of ten
   * cards: `list` writes the schema's keys in its order and nothing else; list-json.test.ts holds
   * the bytes to the schema's serialization). Kept 2 s in the read cache (caches.ts).
   */
  async listJson(q: ProjectListQuery): Promise<string> {
    return cachedJson(this.p.caches.lists, JSON.stringify(q), async () => JSON.stringify(ok(await this.list(q))));
  }

  /** What /users/me shows: projects owned (drafts too), joined, and every application made. */
  async my(user: AuthUser): Promise<MyProjects> {
    const [owned, memberships, apps] = await Promise.all([
      repo.projectsOwnedBy(this.db, user.id),
      repo.membershipsOf(this.db, user.id),
      applicationsOfUser(this.db, user.id),
    ]);
    const joined = memberships.filter((m) => m.role !== 'OWNER');
    const appProjects = new Map((await repo.findProjects(this.db, [...new Set(apps.map((x) => x.projectId))])).map((r) => [r.id, r]));
    const liveApps = apps.filter((x) => {
      const pr = appProjects.get(x.projectId);
      return pr && !pr.deleted;
    });
    const positions = await repo.positionsById(this.db, [
      ...liveApps.map((x) => x.positionId),
      ...joined.flatMap((m) => (m.positionId ? [m.positionId] : [])),
    ]);
    const ownedSummaries = await this.summaries(owned);
    const joinedSummaries = await this.summaries(joined.map((m) => m.project));
    const profiles = await this.profiles([user.id]);
    return {
      owned: ownedSummaries,
      member: joined.map((m, i) => {
        const pos = m.positionId ? positions.get(m.positionId) : undefined;
        return { project: joinedSummaries[i]!, position: pos ? { id: pos.id, name: pos.name } : null };
      }),
      applications: liveApps.map((x) => toApplication(x, appProjects.get(x.projectId)!, positions.get(x.positionId)?.name ?? '', profiles)),
    };
  }
}
