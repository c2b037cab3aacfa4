/**
 * Checking an uploaded picture (profile pictures, study covers): the declared type must be one
 * of PNG, JPEG, WebP or GIF, the bytes must really be of that type (sniffed, not trusted from
 * the name or the declared type) and at most 5 MB. Errors use the SPEC §8 catalogue: VAL-2002
 * for a wrong or mislabelled type, VAL-2004 when too big.
 */
import { createHash } from 'node:crypto';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIME_TYPES, type ProfileImageData, type ProfileImageMimeType } from '@moim/contract';
import type { ErrorDetails } from '@moim/contract';
import { AppError } from '../http/app-error.ts';
import { type ErrorText, errorTextKey } from '../i18n/error-texts.ts';

/** Which type the first bytes say the file is. */
export function sniffImageType(b: Buffer): ProfileImageMimeType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decode and check an upload. `at` is where the picture sits in the request (`body` for a study
 * cover, `body.profileImageData` for a profile picture): the error's `details.fields` name
 * `<at>.mimeType` or `<at>.base64`.
 */
export function decodeImageUpload(data: ProfileImageData, at: string): { bytes: Buffer; mimeType: ProfileImageMimeType } {
  const refuse = (code: 'VAL-2002' | 'VAL-2004', part: 'mimeType' | 'base64', rule: string, text: ErrorText, facts: ErrorDetails = {}) =>
    new AppError(code, text, { fields: [{ path: `${at}.${part}`, code: rule, message: errorTextKey(text) }], ...facts });
  const mimeType = data.mimeType.trim().toLowerCase();
  if (!(PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw refuse('VAL-2002', 'mimeType', 'unsupported_type', 'images.unsupportedType');
  }
  let b64 = data.base64;
  const dataUrl = /^data:([a-z0-9.+/-]+);base64,/i.exec(b64);
  if (dataUrl) b64 = b64.slice(dataUrl[0].length);
  b64 = b64.replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !BASE64.test(b64)) throw refuse('VAL-2002', 'base64', 'invalid_format', 'images.badEncoding');
  const tooBig = () => refuse('VAL-2004', 'base64', 'too_big', 'images.tooLarge', { maxBytes: PROFILE_IMAGE_MAX_BYTES });
  // size before decoding: every 4 characters are 3 bytes
  const approx = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (approx > PROFILE_IMAGE_MAX_BYTES) throw tooBig();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw refuse('VAL-2002', 'base64', 'empty', 'images.empty');
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw tooBig();
  const actual = sniffImageType(bytes);
  if (actual !== mimeType) {
    throw refuse(
      'VAL-2002',
      'mimeType',
      'type_mismatch',
      { key: 'images.typeMismatch', params: { mimeType } },
      { declared: mimeType, detected: actual },
    );
  }
  return { bytes, mimeType: actual };
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
