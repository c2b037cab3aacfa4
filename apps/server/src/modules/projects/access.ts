/**
 * What the projects services share (the platform, the modules below, a clock) and who the caller
 * is to a project. Every service method decides from `accessOf`, whatever the web shows. A
 * project the caller may not see answers BIZ-3001 (not 403), so a draft's existence does not leak;
 * a published one they may see but not manage answers AUTH-1004 (docs/api-wire.md).
 */
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { type AuthUser, isAdmin } from '../../http/auth-guard.ts';
import type { Clock } from '../../clock.ts';
import type { ProjectsDeps } from './deps.ts';
import type { ProjectCaches } from './caches.ts';
import type { ListTotals } from './list-totals.ts';
import type { ProjectRow } from './schema.ts';

export interface ProjectsContext {
  ctx: AppContext;
  deps: ProjectsDeps;
  clock: Clock;
  /** the list's totals, cleared by every write that can change what the list shows */
  totals: ListTotals;
  /** the list's read cache (whole responses), cleared with the totals */
  caches: ProjectCaches;
}

/** After a write that can change what the list shows (a card, or which cards a page holds): its totals and read cache go. */
export function listChanged(p: Pick<ProjectsContext, 'totals' | 'caches'>): void {
  p.totals.clear();
  p.caches.invalidate();
}

export interface ProjectAccess {
  userId: string | null;
  isOwner: boolean;
  isAdmin: boolean;
  /** the owner or an admin: edits, status moves, deletion, decisions on applications */
  canManage: boolean;
}

export function accessOf(project: Pick<ProjectRow, 'ownerId'>, user: AuthUser | null): ProjectAccess {
  const isOwner = !!user && project.ownerId === user.id;
  const admin = isAdmin(user);
  return { userId: user?.id ?? null, isOwner, isAdmin: admin, canManage: isOwner || admin };
}

export const projectNotFound = () => notFound('projects.notFound');

/** Deleted: nobody. DRAFT: the owner and admins. Everything else: anyone. */
export function canSee(project: Pick<ProjectRow, 'status' | 'deleted'>, a: ProjectAccess): boolean {
  if (project.deleted) return false;
  if (project.status === 'DRAFT') return a.canManage;
  return true;
}

/** The caller's access to a project they may see; BIZ-3001 when it is missing or hidden from them. */
export function accessOrNotFound(
  project: Pick<ProjectRow, 'status' | 'deleted' | 'ownerId'> | undefined,
  user: AuthUser | null,
): ProjectAccess {
  if (!project) throw projectNotFound();
  const a = accessOf(project, user);
  if (!canSee(project, a)) throw projectNotFound();
  return a;
}

export function assertManager(a: ProjectAccess): void {
  if (!a.canManage) throw forbidden('projects.ownerOnly');
}
