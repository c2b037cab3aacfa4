/**
 * A value kept AES-256-GCM encrypted in a database row, under a key derived from JWT_SECRET with
 * HKDF and a label of its own, with associated data tying the ciphertext to the row it was written
 * for (it opens nowhere else). Sealed form: base64url of iv (12) | tag (16) | body. Used for refresh
 * successors (refresh-successor.ts) and TOTP secrets (second-factor-box.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class SealedBox {
  private readonly key: Buffer;
  constructor(secret: string, label: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'moim', label, 32));
  }

  seal(value: string, boundTo: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([c.update(value, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
  }

  /** The value, or null when the box does not open (other key, other row, tampered). */
  open(sealed: string, boundTo: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      d.setAAD(Buffer.from(boundTo));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
