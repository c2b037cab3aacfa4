/**
 * The successor of a used refresh token, kept encrypted in that token's row so that a second
 * refresh with it inside the grace interval (two tabs racing) can answer the same successor.
 * AES-256-GCM with a key derived from JWT_SECRET (HKDF, its own label) and the used token's hash
 * as associated data, so a ciphertext only opens on the row it was written for. Someone reading
 * the database alone learns nothing usable; the rows are cleared by the sweep after the grace.
 */
import { SealedBox } from './sealed-box.ts';

export class SuccessorBox extends SealedBox {
  constructor(secret: string) {
    super(secret, 'refresh-token-successor v1');
  }
}
