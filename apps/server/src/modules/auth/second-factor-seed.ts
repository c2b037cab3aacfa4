/**
 * Start-up data of the second factor (runs after the accounts seeder):
 * - always: when ADMIN_EMAIL names an admin without a second factor, say so — the back office
 *   answers AUTH-1022 until that admin enrols at /users/me/security.
 * - demo: the demo admin (admin@moim.dev) gets a TOTP factor with a FIXED, published secret
 *   (README "Demo") so a newcomer can try the back office: add it to an authenticator app, or
 *   compute a code with `npx otplib`-style tools. Demo data only: a real deployment never seeds it.
 */
import { generateURI } from 'otplib';
import type { AppContext } from '../../context.ts';
import type { Seeder } from '../../seed/index.ts';
import type { UsersService } from '../users/index.ts';
import { SecondFactorBox } from './second-factor-box.ts';
import * as repo from './second-factor-repo.ts';
import { TOTP_ISSUER } from './second-factor.ts';

/** Published in the README: the demo admin's TOTP secret (base32). */
export const DEMO_ADMIN_TOTP_SECRET = 'MOIMDEMOADMINSECRETTOTPKEY234567';
const DEMO_ADMIN_EMAIL = 'admin@moim.dev';

export function secondFactorSeeder(users: UsersService): Seeder {
  return {
    name: 'second-factor',
    async always(ctx: AppContext) {
      const email = ctx.config.ADMIN_EMAIL;
      if (!email) return;
      const acct = await users.findAccountByEmail(email);
      if (!acct || acct.systemRole !== 'ROLE_ADMIN' || (await repo.hasConfirmedFactor(ctx.db, acct.id))) return;
      ctx.log.warn(
        { email, setupPath: '/users/me/security' },
        'ADMIN_EMAIL admin has no second factor: the back office answers AUTH-1022 until this admin signs in and enrols TOTP at /users/me/security',
      );
    },
    async demo(ctx: AppContext) {
      const acct = await users.findAccountByEmail(DEMO_ADMIN_EMAIL);
      if (!acct) return;
      const box = new SecondFactorBox(ctx.config.jwtSecret);
      await repo.putPendingFactor(ctx.db, acct.id, box.sealSecret(DEMO_ADMIN_TOTP_SECRET, acct.id));
      await repo.confirmFactor(ctx.db, acct.id, 0);
      const uri = generateURI({ issuer: TOTP_ISSUER, label: DEMO_ADMIN_EMAIL, secret: DEMO_ADMIN_TOTP_SECRET });
      ctx.log.info(
        { email: DEMO_ADMIN_EMAIL, totpSecret: DEMO_ADMIN_TOTP_SECRET, otpauthUri: uri },
        `demo admin ${DEMO_ADMIN_EMAIL} signs in with a second factor: TOTP secret ${DEMO_ADMIN_TOTP_SECRET} (README "Demo accounts")`,
      );
    },
  };
}
