/**
 * The successor of a used refresh token, kept encrypted in that token's row so that a second
 * refresh with it inside the grace interval (two tabs racing) can answer the same successor.
 * AES-256-GCM with a key derived from JWT_SECRET (HKDF, its own label) and the used token's hash
 * as associated data, so a ciphertext only opens on the row it was written for. Someone reading
 * the database alone learns nothing usable; the rows are cleared by the sweep after the grace.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class SuccessorBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'moim', 'refresh-token-successor v1', 32));
  }

  seal(successor: string, usedTokenHash: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(usedTokenHash));
    const body = Buffer.concat([c.update(successor, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
  }

  /** The successor, or null when the box does not open (other key, other row, tampered). */
  open(sealed: string, usedTokenHash: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      d.setAAD(Buffer.from(usedTokenHash));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
