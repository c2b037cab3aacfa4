/**
 * The project status machine (contract: PROJECT_TRANSITIONS) moved by the owner or an admin,
 * soft deletion, and the deadline job that closes recruitment at 00:00 Asia/Seoul. Every move
 * is a compare-and-set on the locked row, logged in project_transitions, and told to the team;
 * applications still pending when a project ends are closed with a note their applicants see.
 */
import { type Project, type ProjectAction, deadlinePassed, nextProjectStatus, seoulDate } from '@moim/contract';
import type { Tx } from '../../db/client.ts';
import { badState } from '../../http/app-error.ts';
import type { ErrorTextKey } from '../../i18n/error-texts.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { type ProjectsContext, accessOrNotFound, assertManager, listChanged } from './access.ts';
import { closePending } from './application-repo.ts';
import * as notices from './notices.ts';
import * as repo from './project-repo.ts';
import type { ProjectService } from './project-service.ts';
import type { ProjectRow } from './schema.ts';

/** What a refused move says, per action. */
const CANNOT: Record<ProjectAction, ErrorTextKey> = {
  PUBLISH: 'projects.cannotPublish',
  CLOSE_RECRUITMENT: 'projects.cannotCloseRecruitment',
  REOPEN: 'projects.cannotReopen',
  COMPLETE: 'projects.cannotComplete',
  CANCEL: 'projects.cannotCancel',
};

export class StatusService {
  constructor(
    private readonly p: ProjectsContext,
    private readonly projects: ProjectService,
  ) {}

  private get db() {
    return this.p.ctx.db;
  }

  async move(id: string, user: AuthUser, action: ProjectAction): Promise<Project> {
    const now = this.p.clock();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockProject(tx, id);
      assertManager(accessOrNotFound(row, user));
      const from = row!.status;
      const to = nextProjectStatus(from, action);
      if (!to) throw badState({ key: CANNOT[action], params: { status: from } }, { from, action });
      // the deadline is the project's state: a new deadline allows the move (409, not a rule)
      if ((action === 'PUBLISH' || action === 'REOPEN') && deadlinePassed(row!.recruitmentDeadline, now)) {
        throw badState('projects.deadlinePassed', { reason: 'DEADLINE_PASSED' });
      }
      const moved = await repo.moveStatus(tx, id, [from], {
        status: to,
        updatedAt: now,
        ...(action === 'PUBLISH' ? { publishedAt: now } : {}),
      });
      if (!moved) throw badState('projects.statusJustChanged');
      await repo.insertTransition(tx, { projectId: id, action, fromStatus: from, toStatus: to, actorId: user.id, at: now });
      if (action === 'COMPLETE' || action === 'CANCEL') await this.closeApplications(tx, moved, action, now);
      if (action !== 'PUBLISH') await this.tellTeam(tx, moved, user.id, notices.statusChanged(moved, action));
    });
    listChanged(this.p);
    return this.projects.getById(id, user);
  }

  /** Soft delete: hidden everywhere (list, page, my projects); pending applications are closed. */
  async remove(id: string, user: AuthUser): Promise<void> {
    const now = this.p.clock();
    await this.db.transaction(async (tx) => {
      const row = await repo.lockProject(tx, id);
      assertManager(accessOrNotFound(row, user));
      await repo.updateProject(tx, id, { deleted: true, deletedAt: now, updatedAt: now });
      // sockets watching the project's applications lose the topic once this commits
      await this.p.ctx.live.recheckAccessAfterCommit(tx, id);
      await repo.insertTransition(tx, {
        projectId: id,
        action: 'DELETE',
        fromStatus: row!.status,
        toStatus: row!.status,
        actorId: user.id,
        at: now,
      });
      await this.closeApplications(tx, row!, 'DELETE', now);
      await this.tellTeam(tx, row!, user.id, notices.projectDeleted(row!));
    });
    listChanged(this.p);
  }

  /**
   * The deadline job: recruiting projects whose last day is before `today` (a Seoul date) move
   * to IN_PROGRESS; their owners are told. Safe to run again (only RECRUITING rows move).
   */
  async closeExpired(today: string = seoulDate(this.p.clock())): Promise<number> {
    const now = this.p.clock();
    const closed = await this.db.transaction(async (tx) => {
      const moved = await repo.closeExpired(tx, today, now);
      for (const row of moved) await this.p.deps.notifications.notify(row.ownerId, notices.recruitmentClosedByDeadline(row), tx);
      await repo.pruneViews(tx, today);
      return moved.length;
    });
    listChanged(this.p);
    return closed;
  }

  private async closeApplications(tx: Tx, row: ProjectRow, reason: 'COMPLETE' | 'CANCEL' | 'DELETE', now: Date): Promise<void> {
    // the stored note (shown on the application) is Korean, the service's language; the notice follows the reader
    const closed = await closePending(tx, row.id, notices.autoCloseNote(reason), now);
    if (closed.length === 0) return;
    const positions = await repo.positionsById(
      tx,
      closed.map((a) => a.positionId),
    );
    for (const a of closed) {
      await this.p.deps.notifications.notify(a.userId, notices.applicationClosed(row, positions.get(a.positionId)?.name ?? '', reason), tx);
    }
  }

  /** Members (and the owner, when an admin acted) hear of the move; the actor does not. */
  private async tellTeam(tx: Tx, row: ProjectRow, actorId: string, input: ReturnType<typeof notices.statusChanged>): Promise<void> {
    const members = await repo.membersOf(tx, row.id);
    const ids = members.map((m) => m.userId).filter((uid) => uid !== actorId);
    await this.p.deps.notifications.notifyMany(ids, input, tx);
  }
}
