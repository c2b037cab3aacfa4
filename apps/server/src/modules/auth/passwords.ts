/**
 * Password hashing (argon2id, OWASP's minimum: 19 MiB, 2 iterations, 1 lane) and the password
 * policy: 8–128 characters and not one of the common passwords in common-passwords.txt; no
 * composition rules. Verification against a dummy hash keeps "unknown email" as slow as
 * "wrong password".
 */
import argon2 from 'argon2';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { passwordLengthProblem } from '@moim/contract';
import { serverRoot } from '../../paths.ts';
import type { ErrorTextKey } from '../../i18n/error-texts.ts';

export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const HASH_OPTIONS = { ...ARGON2_PARAMS, type: argon2.argon2id as 2 };

let commonPasswords: Set<string> | undefined;

/** The shipped list, lower-cased (loaded once). */
export function commonPasswordList(): Set<string> {
  if (!commonPasswords) {
    const file = join(serverRoot, 'src', 'modules', 'auth', 'common-passwords.txt');
    commonPasswords = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return commonPasswords;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'same_as_email';

export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const lower = password.toLowerCase();
  if (commonPasswordList().has(lower)) return 'common';
  if (email) {
    const e = email.trim().toLowerCase();
    if (lower === e || lower === e.split('@')[0]) return 'same_as_email';
  }
  return null;
}

/** What each problem says (a key of the auth error texts). */
export const PASSWORD_PROBLEM_TEXTS = {
  too_short: 'auth.passwordTooShort',
  too_long: 'auth.passwordTooLong',
  common: 'auth.passwordCommon',
  same_as_email: 'auth.passwordSameAsEmail',
} as const satisfies Record<PasswordProblem, ErrorTextKey>;

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, HASH_OPTIONS);
  }

  /** Prepare the dummy hash ahead of the first login (so its cost never shows in timing). */
  warm(): Promise<string> {
    this.dummy ??= argon2.hash('moim-dummy-password-for-timing', HASH_OPTIONS);
    return this.dummy;
  }

  /**
   * Verify `password` against `hash`, or against the dummy hash when there is none (unknown
   * email, social-only account) so both paths cost the same. `needsRehash` when the stored
   * hash was made with other parameters.
   */
  async verify(hash: string | null | undefined, password: string): Promise<{ ok: boolean; needsRehash: boolean }> {
    if (!hash) {
      await argon2.verify(await this.warm(), password).catch(() => false);
      return { ok: false, needsRehash: false };
    }
    let ok: boolean;
    try {
      ok = await argon2.verify(hash, password);
    } catch {
      ok = false;
    }
    return { ok, needsRehash: ok && (!hash.startsWith('$argon2id$') || argon2.needsRehash(hash, ARGON2_PARAMS)) };
  }
}
