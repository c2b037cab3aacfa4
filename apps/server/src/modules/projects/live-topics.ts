/**
 * The projects module's live topic (docs/live.md): `project-applications:<projectId>`, the
 * applications its owner (and admins) decide. Applying, a decision and a withdrawal publish
 * `application.changed` there once committed.
 */
import { liveTopicOf } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { TopicAuthorizer } from '../../live/hub.ts';
import { accessOf, canSee } from './access.ts';
import * as repo from './project-repo.ts';

/** Who may follow `project-applications:<projectId>`: whoever manages the project. */
export function projectApplicationsAccess(ctx: AppContext): TopicAuthorizer {
  return async (user, projectId) => {
    const project = await repo.findProject(ctx.db, projectId);
    if (!project) return false;
    const a = accessOf(project, user);
    return canSee(project, a) && a.canManage;
  };
}

/** Call after the change committed. */
export async function projectApplicationChanged(ctx: AppContext, app: { id: string; projectId: string }): Promise<void> {
  await ctx.live.publish(liveTopicOf('project-applications', app.projectId), 'application.changed', {
    projectId: app.projectId,
    applicationId: app.id,
  });
}
