/**
 * The security log (docs/security-log.md). `record` writes one entry: who (a user, the system or
 * an anonymous caller), what (an action of the contract's list), on what (target kind + id), the
 * outcome and its reason code, and, from the request's scope (http/request-scope.ts), when in UTC,
 * the address, the user agent and the request id. Entries are never changed; the retention purge
 * is the one deletion (migration 0036).
 */
import {
  SIGN_IN_ACTIONS,
  addDays,
  seoulInstant,
  toPage,
  type Page,
  type SecurityAction,
  type SecurityLogEntry,
  type SecurityLogQuery,
  type SecurityOutcome,
  type SignInEntry,
} from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { currentRequestOrigin } from '../../http/request-scope.ts';
import { maskEmail, trimUserAgent } from './masking.ts';
import * as repo from './repo.ts';

export interface SecurityEvent {
  action: SecurityAction;
  /** the acting user's id; 'system' for jobs and start-up; null/absent: not signed in */
  actor?: string | 'system' | null | undefined;
  /** the member the entry is about (shown in their history, part of their export); defaults to the actor */
  subjectId?: string | null | undefined;
  target?: { kind: string; id: string } | null | undefined;
  /** success unless told */
  outcome?: SecurityOutcome | undefined;
  /** a short machine code: 'bad_credentials', 'deactivated', 'refresh_token_reuse' … */
  reason?: string | null | undefined;
  /** extra facts, already masked by the caller where they are personal (see `mask`) */
  details?: Record<string, unknown> | undefined;
}

/** The port other modules receive (through their deps) to write entries. */
export interface SecurityLog {
  /** Writes one entry; inside `tx` when given (it commits or rolls back with the change). */
  record(event: SecurityEvent, tx?: DbOrTx): Promise<void>;
  /** Masking helpers for personal data put into `details`. */
  readonly mask: { email(value: string): string };
}

const METHOD_OF: Record<(typeof SIGN_IN_ACTIONS)[number], SignInEntry['method']> = {
  'auth.login.password': 'password',
  'auth.login.social': 'social',
  'auth.login.passkey': 'passkey',
  'auth.login.second_factor': 'second_factor',
};

/** One stored row as the back office reads it. */
function toEntry(r: repo.SecurityLogRow): SecurityLogEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorKind: r.actorKind as SecurityLogEntry['actorKind'],
    actorId: r.actorId,
    action: r.action as SecurityAction,
    targetKind: r.targetKind,
    targetId: r.targetId,
    outcome: r.outcome as SecurityOutcome,
    reason: r.reason,
    ip: r.ip,
    userAgent: r.userAgent,
    requestId: r.requestId,
    details: r.details,
  };
}

export class SecurityLogService implements SecurityLog {
  readonly mask = { email: maskEmail };

  constructor(private readonly ctx: AppContext) {}

  async record(e: SecurityEvent, tx: DbOrTx = this.ctx.db): Promise<void> {
    const origin = currentRequestOrigin();
    const actorKind = e.actor === 'system' ? 'system' : e.actor ? 'user' : 'anonymous';
    const actorId = actorKind === 'user' ? (e.actor as string) : null;
    await repo.insert(tx, {
      actorKind,
      actorId,
      subjectId: e.subjectId === undefined ? actorId : e.subjectId,
      action: e.action,
      targetKind: e.target?.kind ?? null,
      targetId: e.target?.id ?? null,
      outcome: e.outcome ?? 'success',
      reason: e.reason ?? null,
      ip: origin?.ip ?? null,
      userAgent: trimUserAgent(origin?.userAgent),
      requestId: origin?.requestId ?? null,
      details: e.details ?? {},
    });
  }

  /** The back office's search; the reading admin's own look is an entry too. */
  async search(adminId: string, q: SecurityLogQuery): Promise<Page<SecurityLogEntry>> {
    const { rows, total } = await repo.search(
      this.ctx.db,
      {
        actor: q.actor,
        action: q.action,
        targetKind: q.targetKind,
        targetId: q.targetId,
        outcome: q.outcome,
        from: q.from ? seoulInstant(q.from) : undefined,
        before: q.to ? seoulInstant(addDays(q.to, 1)) : undefined,
        ip: q.ip,
      },
      q.page,
      q.size,
    );
    await this.record({ action: 'admin.read.security_log', actor: adminId, subjectId: null, details: { filter: filterOf(q) } });
    return toPage(rows.map(toEntry), total, q);
  }

  /** A member's own sign-ins and failed attempts on their account, newest first. */
  async signIns(userId: string, q: { page: number; size: number }): Promise<Page<SignInEntry>> {
    const { rows, total } = await repo.forSubject(this.ctx.db, userId, SIGN_IN_ACTIONS, q.page, q.size);
    return toPage(
      rows.map((r) => ({
        at: r.at.toISOString(),
        method: METHOD_OF[r.action as keyof typeof METHOD_OF],
        outcome: r.outcome as SecurityOutcome,
        reason: r.reason,
        ip: r.ip,
        userAgent: r.userAgent,
      })),
      total,
      q,
    );
  }

  /** Retention: entries older than SECURITY_LOG_RETENTION_DAYS go; how many went. */
  async purge(now = new Date()): Promise<number> {
    const { ctx } = this;
    const cutoff = new Date(now.getTime() - ctx.config.SECURITY_LOG_RETENTION_DAYS * 86_400_000);
    const n = await repo.purgeBefore(ctx.db, cutoff);
    if (n > 0) {
      await this.record({
        action: 'system.security_log.purged',
        actor: 'system',
        details: { deleted: n, before: cutoff.toISOString(), retentionDays: ctx.config.SECURITY_LOG_RETENTION_DAYS },
      });
      ctx.log.info({ deleted: n, before: cutoff.toISOString() }, 'security log entries past retention purged');
    }
    return n;
  }
}

/** The filter an admin searched with (what they looked for is part of what they did). */
function filterOf(q: SecurityLogQuery): Record<string, unknown> {
  const { page: _p, size: _s, ...rest } = q;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
