/**
 * Keys for the second factor, derived from JWT_SECRET with HKDF under their own labels (as
 * refresh-successor.ts does for refresh successors):
 * - TOTP secrets are kept AES-256-GCM encrypted, the account id as associated data, so a
 *   ciphertext opens only on its own account's row and a database copy alone gives no codes;
 * - recovery codes are kept as HMAC-SHA-256 under a key the database does not hold (the codes
 *   are random, 50 bits each, so a keyed hash is enough: no password-style stretching needed).
 * Rotating JWT_SECRET therefore disables every enrolled factor (docs/accounts-factors.md "Second factor").
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { SealedBox } from './sealed-box.ts';

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i

export class SecondFactorBox {
  private readonly secrets: SealedBox;
  private readonly codeKey: Buffer;
  constructor(secret: string) {
    this.secrets = new SealedBox(secret, 'totp-secret v1');
    this.codeKey = Buffer.from(hkdfSync('sha256', secret, 'moim', 'recovery-code v1', 32));
  }

  /** the account id is the associated data: a ciphertext opens only on its own account's row */
  sealSecret(totpSecret: string, userId: string): string {
    return this.secrets.seal(totpSecret, userId);
  }

  /** The secret, or null when the box does not open (other key, other account, tampered). */
  openSecret(sealed: string, userId: string): string | null {
    return this.secrets.open(sealed, userId);
  }

  /** Compared case-insensitively, with or without the dash. */
  hashRecoveryCode(code: string, userId: string): string {
    const canonical = code.toLowerCase().replace(/[^a-z0-9]/g, '');
    return createHmac('sha256', this.codeKey).update(`${userId}:${canonical}`).digest('hex');
  }
}

/** `xxxxx-xxxxx` from a 31-letter alphabet: about 50 bits each. */
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
