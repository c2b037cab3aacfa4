/**
 * Profile pictures: checking an upload (declared type allowed, bytes really of that type, at
 * most 5 MB) and turning it into 512 px and 128 px square webp images with sharp. Processing
 * runs from the job queue after the upload has been answered.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIME_TYPES, type ProfileImageData, type ProfileImageMimeType } from '@moim/contract';
import { AppError } from '../../http/app-error.ts';

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

/** Decode and check an upload; VAL-2002 for a wrong or mislabelled type, VAL-2004 when too big. */
export function decodeProfileImage(data: ProfileImageData): { bytes: Buffer; mimeType: ProfileImageMimeType } {
  const mimeType = data.mimeType.trim().toLowerCase();
  if (!(PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw new AppError('VAL-2002', '지원하지 않는 이미지 형식입니다. PNG, JPEG, WebP, GIF만 올릴 수 있습니다.', {
      field: 'profileImageData.mimeType',
    });
  }
  let b64 = data.base64;
  const dataUrl = /^data:([a-z0-9.+/-]+);base64,/i.exec(b64);
  if (dataUrl) b64 = b64.slice(dataUrl[0].length);
  b64 = b64.replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !BASE64.test(b64)) {
    throw new AppError('VAL-2002', '이미지 데이터가 올바른 base64 형식이 아닙니다.', { field: 'profileImageData.base64' });
  }
  // size before decoding: every 4 characters are 3 bytes
  const approx = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (approx > PROFILE_IMAGE_MAX_BYTES) {
    throw new AppError('VAL-2004', '이미지는 5MB 이하만 올릴 수 있습니다.', {
      field: 'profileImageData.base64',
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
    });
  }
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw new AppError('VAL-2002', '빈 이미지입니다.', { field: 'profileImageData.base64' });
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    throw new AppError('VAL-2004', '이미지는 5MB 이하만 올릴 수 있습니다.', {
      field: 'profileImageData.base64',
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
    });
  }
  const actual = sniffImageType(bytes);
  if (actual !== mimeType) {
    throw new AppError('VAL-2002', `파일 내용이 선언된 형식(${mimeType})과 다릅니다.`, {
      field: 'profileImageData.mimeType',
      declared: mimeType,
      detected: actual,
    });
  }
  return { bytes, mimeType: actual };
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Square webp variants (EXIF orientation applied, metadata stripped, first frame of animations). */
export async function renderVariants(bytes: Buffer): Promise<{ variant: '512' | '128'; bytes: Buffer; etag: string }[]> {
  const out: { variant: '512' | '128'; bytes: Buffer; etag: string }[] = [];
  for (const size of [512, 128] as const) {
    const img = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: size === 512 ? 82 : 78, effort: 3 })
      .toBuffer();
    out.push({ variant: String(size) as '512' | '128', bytes: img, etag: etagOf(img) });
  }
  return out;
}

export function imageUrl(userId: string, size: 512 | 128, version: number): string {
  return `/api/public/users/${userId}/image?size=${size}&v=${version}`;
}
