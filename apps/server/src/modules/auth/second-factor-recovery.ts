/**
 * An admin's recovery of a member's lost second factor (docs/accounts-factors.md "Admin recovery
 * of a lost factor"). For a member who lost their authenticator and every recovery code: an
 * admin (second factor passed in this session — the route's guard — and a fresh step-up) removes
 * the member's TOTP factor and recovery codes and ends the member's sessions; the member then
 * signs in with the password alone and is asked to enrol again (`enrolAgain`). The act is a
 * security-log entry (who, on whom, outcome; refusals too) and is dual-notified: the member and
 * every other active admin get a notice and a mail, so one admin cannot do it unseen.
 */
import type { AdminSecondFactorReset, AdminSecondFactorStatus } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { notice } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { UsersService } from '../users/index.ts';
import { requireRecentProof } from './second-factor.ts';
import * as repo from './second-factor-repo.ts';
import type { AuthSessions } from './service.ts';

export interface SecondFactorRecoveryDeps {
  sessions: AuthSessions;
  users: UsersService;
  notifications: Pick<NotificationsService, 'notify' | 'notifyMany'>;
  securityLog: Pick<SecurityLog, 'record'>;
}

export function createSecondFactorRecovery(ctx: AppContext, deps: SecondFactorRecoveryDeps) {
  const { db } = ctx;

  async function member(id: string) {
    const acct = await deps.users.findAccount(id);
    if (!acct || acct.status === 'DELETED') throw notFound('users.notFound');
    return acct;
  }

  return {
    async status(userId: string): Promise<AdminSecondFactorStatus> {
      await member(userId);
      const factor = await repo.findFactor(db, userId);
      const enabled = Boolean(factor?.confirmedAt);
      return {
        enabled,
        enabledAt: factor?.confirmedAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, userId) : 0,
        enrolAgain: !enabled && (await repo.wasReset(db, userId)),
      };
    },

    /** 422 AUTH-1024 on oneself, 403 AUTH-1023 without a fresh step-up, 404 for no such member, 409 without a factor. */
    async reset(admin: AuthUser, userId: string): Promise<AdminSecondFactorReset> {
      const refused = async (reason: string) =>
        deps.securityLog.record({
          action: 'account.mfa.reset_by_admin',
          actor: admin.id,
          subjectId: userId,
          target: { kind: 'user', id: userId },
          outcome: 'failure',
          reason,
        });
      if (userId === admin.id) {
        await refused('AUTH-1024');
        throw new AppError('AUTH-1024', 'auth.resetOwnSecondFactor');
      }
      try {
        await requireRecentProof(db, admin);
      } catch (err) {
        await refused('AUTH-1023');
        throw err;
      }
      const acct = await member(userId);
      const by = await deps.users.findAccount(admin.id);
      const adminIds = (await deps.users.activeAdminIds()).filter((id) => id !== admin.id && id !== userId);
      const recoveryCodesLeft = await repo.recoveryCodesLeft(db, userId);
      await db.transaction(async (tx) => {
        if (!(await repo.findFactor(tx, userId))) throw badState('auth.memberHasNoSecondFactor');
        await repo.deleteFactor(tx, userId);
        await repo.markReset(tx, userId, admin.id);
        await deps.securityLog.record(
          {
            action: 'account.mfa.reset_by_admin',
            actor: admin.id,
            subjectId: userId,
            target: { kind: 'user', id: userId },
            details: { recoveryCodesLeft, adminsNotified: adminIds.length },
          },
          tx,
        );
        // dual notification: the member, and every other admin (notice + mail each), with the change
        await deps.notifications.notify(
          userId,
          { type: 'GENERAL', message: notice('notice.account.secondFactorReset'), link: '/users/me/security' },
          tx,
        );
        await deps.notifications.notifyMany(
          adminIds,
          {
            type: 'GENERAL',
            message: notice('notice.admin.secondFactorReset', { admin: by?.name ?? '', member: acct.name }),
            link: `/admin/users/${userId}`,
          },
          tx,
        );
      });
      // whoever holds the lost authenticator's sessions is out; the member signs in again with the password
      const sessionsEnded = await deps.sessions.revokeUserSessions(userId, { reason: 'second_factor_reset_by_admin' });
      await ctx.sessions.forget(await repo.openSessionIds(db, userId));
      await ctx.sessions.accountChanged(userId);
      ctx.log.info({ by: admin.id, userId, sessionsEnded }, 'second factor reset by an admin');
      return { reset: true, sessionsEnded, adminsNotified: adminIds.length };
    },
  };
}

export type SecondFactorRecovery = ReturnType<typeof createSecondFactorRecovery>;
