/**
 * The rotating check-in code (docs/studies.md "The code"): like TOTP (RFC 6238) with the event in
 * the message. The key is derived from the server's signing secret (kept in DATA_DIR like the JWT
 * secret, or JWT_SECRET), so every instance computes the same code and nothing is stored.
 *   code(event, step) = HOTP-truncate(HMAC-SHA256(key, "<eventId>:<step>")) mod 10^6
 * The online link's token is an HMAC of the event alone (valid for the session's window).
 */
import { CHECK_IN_CODE_DIGITS } from '@moim/contract';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type CodeMatch = 'CURRENT' | 'PREVIOUS' | 'EXPIRED' | 'NONE';

export class CheckInCodes {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'moim', 'check-in code v1', 32));
  }

  code(eventId: string, step: number): string {
    const mac = createHmac('sha256', this.key).update(`${eventId}:${step}`).digest();
    const offset = mac[mac.length - 1]! & 0x0f;
    const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
    return String(bin % 10 ** CHECK_IN_CODE_DIGITS).padStart(CHECK_IN_CODE_DIGITS, '0');
  }

  /**
   * Which step a code belongs to: the current one or the previous one are taken; an older step of
   * the same event (back to `oldestStep`, the window's opening) is EXPIRED; anything else (another
   * event's code, a typo) is NONE.
   */
  match(eventId: string, code: string, step: number, oldestStep: number): CodeMatch {
    if (same(this.code(eventId, step), code)) return 'CURRENT';
    if (same(this.code(eventId, step - 1), code)) return 'PREVIOUS';
    for (let s = step - 2; s >= Math.max(oldestStep, step - 2_000); s--) {
      if (same(this.code(eventId, s), code)) return 'EXPIRED';
    }
    return 'NONE';
  }

  linkToken(eventId: string): string {
    return createHmac('sha256', this.key).update(`link:${eventId}`).digest('base64url').slice(0, 32);
  }

  linkMatches(eventId: string, token: string): boolean {
    return same(this.linkToken(eventId), token);
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
