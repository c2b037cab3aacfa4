/**
 * A member's own sessions (settings → security): listed from the auth module's session store
 * (the `MemberSessions` port), ended at once through it, and every ending written to the log.
 * Only the owner reaches a session: another member's session id answers as if it did not exist.
 */
import type { ActiveSession } from '@moim/contract';
import type { AuthUser } from '../../http/auth-guard.ts';
import { notFound } from '../../http/app-error.ts';
import type { MemberSessions } from './ports.ts';
import type { SecurityLog } from './service.ts';

export class MemberSessionsService {
  constructor(private readonly deps: { sessions: MemberSessions; log: SecurityLog }) {}

  async list(user: AuthUser): Promise<ActiveSession[]> {
    const live = await this.deps.sessions.listLiveSessions(user.id);
    return live.map((s) => ({
      id: s.id,
      method: s.method,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.id === user.family,
    }));
  }

  async end(user: AuthUser, sessionId: string): Promise<{ ended: number }> {
    const done = await this.deps.sessions.revokeOwnSession(user.id, sessionId, 'ended_by_owner');
    if (!done) throw notFound();
    await this.deps.log.record({ action: 'auth.session.ended', actor: user.id, target: { kind: 'session', id: sessionId } });
    return { ended: 1 };
  }

  async endOthers(user: AuthUser): Promise<{ ended: number }> {
    const ended = await this.deps.sessions.revokeUserSessions(user.id, { exceptSessionId: user.family, reason: 'ended_by_owner' });
    await this.deps.log.record({
      action: 'auth.sessions.ended_others',
      actor: user.id,
      target: { kind: 'user', id: user.id },
      details: { ended },
    });
    return { ended };
  }
}
