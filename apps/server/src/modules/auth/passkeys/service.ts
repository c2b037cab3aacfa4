/**
 * Passkeys (WebAuthn discoverable credentials; docs/accounts-factors.md "Passkeys"), on
 * @simplewebauthn/server. Registration and sign-in both require user verification and a
 * resident (discoverable) key; sign-in needs no username (the browser offers the passkeys it has
 * for this RP ID, also through autofill). The RP ID is the host name of the origin the site was
 * opened at (an allowed origin: PUBLIC_URL's, ALLOWED_ORIGINS, loopback outside production).
 *
 * Challenges live in the database, hashed: single-use (the verification deletes the row before
 * anything else, whatever the outcome) and valid for PASSKEY_CHALLENGE_TTL_SECONDS, each bound to
 * its ceremony, its origin and RP ID and, for a registration, its member. A signature counter
 * that does not move forward is refused (a cloned authenticator), with compare-and-swap so two
 * assertions cannot both pass. A passkey sign-in issues the same session as a password login,
 * marked with the method 'passkey' (multi-factor by itself: `isMultiFactorMethod`).
 */
import { createHash } from 'node:crypto';
import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_SESSION_METHOD,
  PASSKEYS_PER_ACCOUNT_MAX,
  type LoginResponse,
  type Passkey,
  type PasskeyList,
  type PasskeyLoginVerifyRequest,
  type PasskeyOptions,
  type PasskeyRegisterVerifyRequest,
  type User,
} from '@moim/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UsersService } from '../../users/index.ts';
import type { SessionMeta } from '../service.ts';
import { deviceName } from './device-name.ts';
import * as repo from './repo.ts';
import type { SecurityLog } from '../../security-log/index.ts';

export { isMultiFactorMethod } from '../session-methods.ts';

export interface PasskeyDeps {
  users: UsersService;
  /** the session-issuing function password login uses */
  issueSession(user: User, meta: SessionMeta): Promise<LoginResponse>;
  securityLog: Pick<SecurityLog, 'record'>;
}

/** Where a ceremony happens: the page's origin (allowed, see http/origin.ts). */
export interface Ceremony {
  origin: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

function rpIdOf(origin: string): string {
  return new URL(origin).hostname.replace(/^\[|\]$/g, '');
}

/** The challenge a browser signed, read from its clientDataJSON (the row it names is then taken). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200) return challenge;
  } catch {
    // not JSON: no challenge
  }
  throw new AppError('AUTH-1030');
}

function toPasskey(row: repo.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: row.backedUp,
    transports: row.transports,
  };
}

export function createPasskeyService(ctx: AppContext, deps: PasskeyDeps) {
  const { db } = ctx;
  const { users } = deps;
  const ttlMs = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;

  async function newChallenge(purpose: 'register' | 'authenticate', challenge: string, origin: string, userId: string | null) {
    await repo.insertChallenge(db, {
      challengeHash: hash(challenge),
      purpose,
      userId,
      rpId: rpIdOf(origin),
      origin,
      expiresAt: new Date(Date.now() + ttlMs),
    });
  }

  async function hasOtherSignIn(userId: string): Promise<boolean> {
    const acct = await users.findAccount(userId);
    return Boolean(acct?.passwordHash) || (await repo.hasSocialLogin(db, userId));
  }

  return {
    async list(userId: string): Promise<PasskeyList> {
      const rows = await repo.listByUser(db, userId);
      return { items: rows.map(toPasskey), hasOtherSignIn: await hasOtherSignIn(userId) };
    },

    async registrationOptions(userId: string, at: Ceremony): Promise<PasskeyOptions> {
      const acct = await users.findAccount(userId);
      if (!acct || acct.status !== 'ACTIVE') throw new AppError('AUTH-1003', 'auth.accountGone');
      const existing = await repo.listByUser(db, userId);
      if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX)
        throw new AppError('BIZ-3003', { key: 'auth.passkeyLimit', params: { max: PASSKEYS_PER_ACCOUNT_MAX } });
      const rpID = rpIdOf(at.origin);
      const options = await generateRegistrationOptions({
        rpName: 'moim',
        rpID,
        userName: acct.email,
        userDisplayName: acct.name,
        // the account id as the user handle: opaque, and it names the owner at sign-in
        userID: isoUint8Array.fromUTF8String(acct.id),
        timeout: ttlMs,
        attestationType: 'none',
        excludeCredentials: existing
          .filter((p) => p.rpId === rpID)
          .map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      await newChallenge('register', options.challenge, at.origin, userId);
      return { options: { ...options } };
    },

    async verifyRegistration(userId: string, body: PasskeyRegisterVerifyRequest, at: Ceremony): Promise<Passkey> {
      const challenge = signedChallenge(body.response.response.clientDataJSON);
      const row = await repo.takeChallenge(db, hash(challenge), 'register');
      if (!row || row.userId !== userId) throw new AppError('AUTH-1030');
      let info;
      try {
        const result = await verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: row.origin,
          expectedRPID: row.rpId,
          requireUserVerification: true,
        });
        if (!result.verified) throw new Error('not verified');
        info = result.registrationInfo;
      } catch (err) {
        ctx.log.info({ userId, err: (err as Error).message }, 'passkey registration refused');
        throw new AppError('AUTH-1031');
      }
      if ((await repo.countByUser(db, userId)) >= PASSKEYS_PER_ACCOUNT_MAX)
        throw new AppError('BIZ-3003', { key: 'auth.passkeyLimit', params: { max: PASSKEYS_PER_ACCOUNT_MAX } });
      const transports = (body.response.response.transports ?? []).filter((t) => TRANSPORTS.has(t));
      const created = await repo.insertPasskey(db, {
        userId,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        rpId: row.rpId,
        name: body.name ?? deviceName(at.userAgent, 'Passkey'),
      });
      if (!created) throw new AppError('BIZ-3002', 'auth.passkeyAlreadyRegistered');
      ctx.log.info({ userId, passkey: created.id }, 'passkey registered');
      await deps.securityLog.record({ action: 'account.passkey.registered', actor: userId, target: { kind: 'passkey', id: created.id } });
      return toPasskey(created);
    },

    /** Options for a sign-in without a username: no allowCredentials, the browser offers what it has. */
    async authenticationOptions(at: Ceremony): Promise<PasskeyOptions> {
      const options = await generateAuthenticationOptions({
        rpID: rpIdOf(at.origin),
        allowCredentials: [],
        userVerification: 'required',
        timeout: ttlMs,
      });
      await newChallenge('authenticate', options.challenge, at.origin, null);
      return { options: { ...options } };
    },

    async verifyAuthentication(body: PasskeyLoginVerifyRequest, at: Ceremony): Promise<LoginResponse> {
      const response = body.response;
      const challenge = signedChallenge(response.response.clientDataJSON);
      const ch = await repo.takeChallenge(db, hash(challenge), 'authenticate');
      if (!ch) throw new AppError('AUTH-1030');
      const key = await repo.findByCredentialId(db, response.id);
      if (!key || key.rpId !== ch.rpId) throw new AppError('AUTH-1032');
      if (response.response.userHandle !== undefined) {
        let handle = '';
        try {
          handle = isoBase64URL.toUTF8String(response.response.userHandle);
        } catch {
          // unreadable: refused below
        }
        if (handle !== key.userId) throw new AppError('AUTH-1031');
      }
      let newCounter: number;
      try {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: ch.origin,
          expectedRPID: ch.rpId,
          credential: {
            id: key.credentialId,
            publicKey: isoBase64URL.toBuffer(key.publicKey),
            counter: key.counter,
            transports: key.transports as AuthenticatorTransport[],
          },
          requireUserVerification: true,
        });
        if (!result.verified || !result.authenticationInfo.userVerified) throw new Error('not verified');
        newCounter = result.authenticationInfo.newCounter;
      } catch (err) {
        const regressed = counterRegressed(response.response.authenticatorData, key.counter);
        await deps.securityLog.record({
          action: 'auth.login.passkey',
          actor: null,
          subjectId: key.userId,
          target: { kind: 'passkey', id: key.id },
          outcome: 'failure',
          reason: regressed ? 'counter_regressed' : 'not_verified',
        });
        if (regressed) {
          ctx.log.warn({ userId: key.userId, passkey: key.id }, 'passkey counter regressed: possible cloned authenticator');
          throw new AppError('AUTH-1033');
        }
        ctx.log.info({ passkey: key.id, err: (err as Error).message }, 'passkey assertion refused');
        throw new AppError('AUTH-1031');
      }
      const acct = await users.findAccount(key.userId);
      if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1032');
      if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006', 'auth.accountDeactivated');
      if (!(await repo.recordUse(db, key.id, key.counter, newCounter))) throw new AppError('AUTH-1033');
      const answer = await deps.issueSession(acct, { method: PASSKEY_SESSION_METHOD, ip: at.ip, userAgent: at.userAgent });
      await deps.securityLog.record({ action: 'auth.login.passkey', actor: acct.id, target: { kind: 'passkey', id: key.id } });
      return answer;
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const row = await repo.rename(db, userId, id, name);
      if (!row) throw new AppError('BIZ-3001');
      await deps.securityLog.record({ action: 'account.passkey.renamed', actor: userId, target: { kind: 'passkey', id } });
      return toPasskey(row);
    },

    /** Refused (AUTH-1034) when it is the account's last way to sign in. */
    async remove(userId: string, id: string): Promise<void> {
      const other = await hasOtherSignIn(userId);
      await db.transaction(async (tx) => {
        const mine = await repo.lockUserPasskeys(tx, userId);
        if (!mine.some((p) => p.id === id)) throw new AppError('BIZ-3001');
        if (mine.length === 1 && !other) throw new AppError('AUTH-1034');
        await repo.remove(tx, userId, id);
      });
      ctx.log.info({ userId, passkey: id }, 'passkey removed');
      await deps.securityLog.record({ action: 'account.passkey.removed', actor: userId, target: { kind: 'passkey', id } });
    },

    forgetUser: (userId: string) => repo.forgetUser(db, userId),
    sweep: () => repo.sweepChallenges(db),
  };
}

/** Did the assertion's signature counter fail to move forward from the stored one? */
function counterRegressed(authenticatorData: string, stored: number): boolean {
  try {
    const { counter } = parseAuthenticatorData(isoBase64URL.toBuffer(authenticatorData));
    return (counter > 0 || stored > 0) && counter <= stored;
  } catch {
    return false;
  }
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
