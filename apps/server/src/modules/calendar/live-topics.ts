/**
 * The calendar's live topic (docs/live.md): `study-check-ins:<studyId>`, the check-in list its
 * leader and managers keep open during a session. A member's check-in and a manager's attendance
 * edit publish `check-in.changed` there after they are written. index.ts defines the topic with
 * the authorizer below.
 */
import { liveTopicOf } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { TopicAuthorizer } from '../../live/hub.ts';
import type { CalendarStudies } from './ports.ts';

/** Who may follow a study's check-ins: whoever may manage it. */
export function checkInsAccess(studies: Pick<CalendarStudies, 'callerAccess'>): TopicAuthorizer {
  return async (user, studyId) => {
    const a = await studies.callerAccess(studyId, user);
    return Boolean(a?.visible && a.canManage);
  };
}

/** Call after the change committed. */
export async function checkInsChanged(ctx: AppContext, studyId: string, eventId: string): Promise<void> {
  await ctx.live.publish(liveTopicOf('study-check-ins', studyId), 'check-in.changed', { studyId, eventId });
}
