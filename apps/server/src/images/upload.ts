/**
 * Checking an uploaded picture (profile pictures, study covers): the declared type must be one
 * of PNG, JPEG, WebP or GIF, the bytes must really be of that type (sniffed, not trusted from
 * the name or the declared type) and at most 5 MB. Errors use the SPEC §8 catalogue: VAL-2002
 * for a wrong or mislabelled type, VAL-2004 when too big.
 */
import { createHash } from 'node:crypto';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIME_TYPES, type ProfileImageData, type ProfileImageMimeType } from '@moim/contract';
import { AppError } from '../http/app-error.ts';

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
 * Decode and check an upload. `field` names the request field in the error details
 * (`profileImageData`, `coverImage`…).
 */
export function decodeImageUpload(data: ProfileImageData, field: string): { bytes: Buffer; mimeType: ProfileImageMimeType } {
  const mimeType = data.mimeType.trim().toLowerCase();
  if (!(PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw new AppError('VAL-2002', '지원하지 않는 이미지 형식입니다. PNG, JPEG, WebP, GIF만 올릴 수 있습니다.', {
      field: `${field}.mimeType`,
    });
  }
  let b64 = data.base64;
  const dataUrl = /^data:([a-z0-9.+/-]+);base64,/i.exec(b64);
  if (dataUrl) b64 = b64.slice(dataUrl[0].length);
  b64 = b64.replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !BASE64.test(b64)) {
    throw new AppError('VAL-2002', '이미지 데이터가 올바른 base64 형식이 아닙니다.', { field: `${field}.base64` });
  }
  const tooBig = () =>
    new AppError('VAL-2004', '이미지는 5MB 이하만 올릴 수 있습니다.', { field: `${field}.base64`, maxBytes: PROFILE_IMAGE_MAX_BYTES });
  // size before decoding: every 4 characters are 3 bytes
  const approx = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (approx > PROFILE_IMAGE_MAX_BYTES) throw tooBig();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw new AppError('VAL-2002', '빈 이미지입니다.', { field: `${field}.base64` });
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw tooBig();
  const actual = sniffImageType(bytes);
  if (actual !== mimeType) {
    throw new AppError('VAL-2002', `파일 내용이 선언된 형식(${mimeType})과 다릅니다.`, {
      field: `${field}.mimeType`,
      declared: mimeType,
      detected: actual,
    });
  }
  return { bytes, mimeType: actual };
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
