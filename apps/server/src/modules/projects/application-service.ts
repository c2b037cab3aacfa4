/**
 * Applications per position: a signed-in user applies for one open position of a RECRUITING
 * project (one open application per user and project); the owner (or an admin) accepts, which
 * takes a seat of the position atomically and adds the applicant to the team, or rejects with a
 * note; the applicant may cancel while it is pending. Every decision reaches the applicant's
 * inbox (and mail); a new application reaches the owner's. Another person's application does
 * not exist for the caller (404), nor do a project's applications for anyone but its managers;
 * a full position, an open application and membership are state
 * conflicts (409); applying to one's own project breaks a rule (422).
 */
import {
  type Page,
  type ProjectApplication,
  type ProjectApplicationListQuery,
  type ProjectApplyBody,
  positionIsOpen,
  projectAcceptsApplications,
  toPage,
} from '@moim/contract';
import type { Tx } from '../../db/client.ts';
import { badState, notFound, ruleViolation } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ProjectAccess, type ProjectsContext, accessOrNotFound, listChanged } from './access.ts';
import { projectApplicationChanged } from './live-topics.ts';
import * as apps from './application-repo.ts';
import * as notices from './notices.ts';
import * as repo from './project-repo.ts';
import { toApplication } from './project-view.ts';
import type { ProjectApplicationRow, ProjectRow } from './schema.ts';

const applicationNotFound = () => notFound('projects.applicationNotFound');

/**
 * A project's applications (who applied, their introduction, skills and links) are its
 * managers' alone — the owner and admins: to anyone else, the applicant included, the list and
 * the decisions do not exist (404, exactly as a missing application; docs/api-wire.md).
 */
function assertApplicationsManager(a: ProjectAccess): void {
  if (!a.canManage) throw applicationNotFound();
}

export class ApplicationService {
  constructor(private readonly p: ProjectsContext) {}

  private get db() {
    return this.p.ctx.db;
  }

  async view(a: ProjectApplicationRow, project: ProjectRow): Promise<ProjectApplication> {
    const [positions, profiles] = await Promise.all([
      repo.positionsById(this.db, [a.positionId]),
      this.p.deps.users.publicProfiles([a.userId]),
    ]);
    return toApplication(a, project, positions.get(a.positionId)?.name ?? '', profiles);
  }

  async apply(projectId: string, user: AuthUser, body: ProjectApplyBody): Promise<ProjectApplication> {
    const now = this.p.clock();
    // (people's names come from the users module, outside the transaction: PGlite has one connection)
    const me = (await this.p.deps.users.publicProfiles([user.id])).get(user.id);
    try {
      const { row, project } = await this.db.transaction(async (tx) => {
        const project = await repo.shareLockProject(tx, projectId);
        const a = accessOrNotFound(project, user);
        if (a.isOwner) throw ruleViolation('projects.ownProject');
        if (!projectAcceptsApplications(project!, now)) throw badState('projects.notRecruiting', { status: project!.status });
        const position = await repo.findPosition(tx, body.positionId);
        if (!position || position.projectId !== projectId || position.removedAt) throw notFound('projects.positionNotFound');
        if (!positionIsOpen(position)) {
          throw badState({ key: 'projects.positionFull', params: { position: position.name } }, { reason: 'POSITION_FULL' });
        }
        if (await repo.findMember(tx, projectId, user.id)) throw badState('projects.alreadyMember', { reason: 'ALREADY_MEMBER' });
        const row = await apps.insertApplication(tx, {
          projectId,
          positionId: position.id,
          userId: user.id,
          introduction: body.introduction,
          motivation: body.motivation,
          skills: body.skills,
          githubUrl: body.links.github,
          portfolioUrl: body.links.portfolio,
          blogUrl: body.links.blog,
          createdAt: now,
          updatedAt: now,
        });
        await this.p.deps.notifications.notify(
          project!.ownerId,
          notices.applicationReceived(project!, me?.name ?? '지원자', position.name),
          tx,
        );
        return { row, project: project! };
      });
      await projectApplicationChanged(this.p.ctx, row);
      await projectApplicationChanged(this.p.ctx, row);
      return this.view(row, project);
    } catch (err) {
      if (isUniqueViolation(err, 'project_applications_open_idx')) {
        throw badState('projects.alreadyApplied', { reason: 'ALREADY_APPLIED' });
      }
      throw err;
    }
  }

  async list(projectId: string, user: AuthUser, q: ProjectApplicationListQuery): Promise<Page<ProjectApplication>> {
    const project = await repo.findProject(this.db, projectId);
    assertApplicationsManager(accessOrNotFound(project, user));
    const { rows, total } = await apps.listForProject(this.db, projectId, q);
    const [positions, profiles] = await Promise.all([
      repo.positionsById(
        this.db,
        rows.map((r) => r.positionId),
      ),
      this.p.deps.users.publicProfiles(rows.map((r) => r.userId)),
    ]);
    return toPage(
      rows.map((r) => toApplication(r, project!, positions.get(r.positionId)?.name ?? '', profiles)),
      total,
      q,
    );
  }

  /** The application of this project, for its manager; BIZ-3001 when it belongs elsewhere. */
  private async decidable(tx: Tx, projectId: string, appId: string, user: AuthUser) {
    const project = await repo.shareLockProject(tx, projectId);
    assertApplicationsManager(accessOrNotFound(project, user));
    const app = await apps.findApplication(tx, appId);
    if (!app || app.projectId !== projectId) throw applicationNotFound();
    if (app.status !== 'PENDING') throw badState('projects.alreadyDecided', { status: app.status });
    return { project: project!, app };
  }

  /**
   * Accept: the application moves PENDING → APPROVED (compare-and-set) and the position takes
   * one seat with a conditional update (filled < required). Under concurrent acceptances for the
   * last seat exactly one commits; the others roll back with BIZ-3002 (the position is full).
   */
  async accept(projectId: string, appId: string, user: AuthUser, reviewNote?: string): Promise<ProjectApplication> {
    const now = this.p.clock();
    const { row, project } = await this.db.transaction(async (tx) => {
      const { project, app } = await this.decidable(tx, projectId, appId, user);
      if (project.status !== 'RECRUITING' && project.status !== 'IN_PROGRESS') {
        throw badState('projects.acceptWhileOpen', { status: project.status });
      }
      const row = await apps.moveApplication(tx, app.id, ['PENDING'], {
        status: 'APPROVED',
        reviewNote: reviewNote || null,
        decidedAt: now,
        decidedBy: user.id,
        updatedAt: now,
      });
      if (!row) throw badState('projects.alreadyDecided');
      if (!(await repo.takeSeat(tx, app.positionId, projectId))) {
        throw badState('projects.seatsFull', { reason: 'POSITION_FULL' });
      }
      await repo.insertMember(tx, {
        projectId,
        userId: app.userId,
        role: 'MEMBER',
        positionId: app.positionId,
        applicationId: app.id,
        joinedAt: now,
      });
      const position = await repo.findPosition(tx, app.positionId);
      await this.p.deps.notifications.notify(app.userId, notices.applicationApproved(project, position?.name ?? ''), tx);
      return { row, project };
    });
    listChanged(this.p); // a filled seat: the card's seats and members, and maybe out of an open-position filter
    await projectApplicationChanged(this.p.ctx, row);
    return this.view(row, project);
  }

  async reject(projectId: string, appId: string, user: AuthUser, note: string): Promise<ProjectApplication> {
    const now = this.p.clock();
    const { row, project } = await this.db.transaction(async (tx) => {
      const { project, app } = await this.decidable(tx, projectId, appId, user);
      const row = await apps.moveApplication(tx, app.id, ['PENDING'], {
        status: 'REJECTED',
        reviewNote: note,
        decidedAt: now,
        decidedBy: user.id,
        updatedAt: now,
      });
      if (!row) throw badState('projects.alreadyDecided');
      const position = await repo.findPosition(tx, app.positionId);
      await this.p.deps.notifications.notify(app.userId, notices.applicationRejected(project, position?.name ?? '', note), tx);
      return { row, project };
    });
    await projectApplicationChanged(this.p.ctx, row);
    return this.view(row, project);
  }

  /**
   * Cancel (DELETE): the applicant takes back a pending application, naming themself as
   * `applicantId` as study applications do. Anyone else's application does not exist for the
   * caller (404, the owner's and an admin's included).
   */
  async cancel(projectId: string, appId: string, user: AuthUser, applicantId: string): Promise<ProjectApplication> {
    if (applicantId !== user.id) throw applicationNotFound();
    const now = this.p.clock();
    const me = (await this.p.deps.users.publicProfiles([user.id])).get(user.id);
    const { row, project } = await this.db.transaction(async (tx) => {
      const project = await repo.shareLockProject(tx, projectId);
      if (!project || project.deleted) throw applicationNotFound();
      const app = await apps.findApplication(tx, appId);
      if (!app || app.projectId !== projectId) throw applicationNotFound();
      if (app.userId !== user.id) throw applicationNotFound();
      const row = await apps.moveApplication(tx, app.id, ['PENDING'], { status: 'WITHDRAWN', updatedAt: now });
      if (!row) throw badState('projects.cancelPendingOnly', { status: app.status });
      const position = await repo.findPosition(tx, app.positionId);
      await this.p.deps.notifications.notify(
        project.ownerId,
        notices.applicationWithdrawn(project, me?.name ?? '지원자', position?.name ?? ''),
        tx,
      );
      return { row, project };
    });
    await projectApplicationChanged(this.p.ctx, row);
    return this.view(row, project);
  }
}
