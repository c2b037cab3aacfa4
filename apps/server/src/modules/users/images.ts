/**
 * Profile pictures: checking an upload (declared type allowed, bytes really of that type, at
 * most 5 MB) and turning it into 512 px and 128 px square webp images with sharp. Processing
 * runs from the job queue after the upload has been answered.
 */
import sharp from 'sharp';
import type { ProfileImageData, ProfileImageMimeType } from '@moim/contract';
import { decodeImageUpload, etagOf } from '../../images/upload.ts';

export { etagOf } from '../../images/upload.ts';

/** Decode and check an upload; VAL-2002 for a wrong or mislabelled type, VAL-2004 when too big. */
export function decodeProfileImage(data: ProfileImageData): { bytes: Buffer; mimeType: ProfileImageMimeType } {
  return decodeImageUpload(data, 'body.profileImageData');
}

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
