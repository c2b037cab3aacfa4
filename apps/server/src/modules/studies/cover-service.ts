/**
 * Study cover images (issue 13 item 16): the leader or an admin uploads a picture (checked as
 * profile pictures are: PNG, JPEG, WebP or GIF by its bytes, at most 5 MB); the job queue
 * turns it into 16:9 webp images (EXIF orientation applied, metadata stripped) and publishes
 * them if the upload is still the latest. Studies without one get a generated cover in the web.
 */
import { STUDY_COVER_SIZES, type Study, type StudyCoverBody, type StudyCoverSize } from '@moim/contract';
import sharp from 'sharp';
import { notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { decodeImageUpload, etagOf } from '../../images/upload.ts';
import { accessOf, assertLeaderOrAdmin, assertVisible, studyNotFound } from './access.ts';
import { getCover, getServedCover, markCoverFailed, putCoverSource, removeCover, storeProcessedCover } from './cover-repo.ts';
import type { StudyDeps } from './deps.ts';
import { lockStudy } from './study-repo.ts';
import type { StudyService } from './study-service.ts';

export const STUDY_COVER_JOB = 'studies.cover-image';

export function coverUrl(studyId: string, size: StudyCoverSize, version: number): string {
  return `/api/public/studies/${studyId}/cover?size=${size}&v=${version}`;
}

/** 1280×720 and 640×360 webp, cropped to 16:9 around the most interesting part. */
export async function renderCoverVariants(bytes: Buffer): Promise<{ variant: StudyCoverSize; bytes: Buffer; etag: string }[]> {
  const out: { variant: StudyCoverSize; bytes: Buffer; etag: string }[] = [];
  for (const variant of ['1280', '640'] as const) {
    const { width, height } = STUDY_COVER_SIZES[variant];
    const img = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: variant === '1280' ? 80 : 76, effort: 3 })
      .toBuffer();
    out.push({ variant, bytes: img, etag: etagOf(img) });
  }
  return out;
}

export class CoverService {
  constructor(
    private readonly d: StudyDeps,
    private readonly studies: StudyService,
  ) {}

  private get db() {
    return this.d.ctx.db;
  }

  /** A new cover (PENDING until the job has processed it); the answer is the study. */
  async upload(id: string, user: AuthUser, body: StudyCoverBody): Promise<Study> {
    await this.db.transaction(async (tx) => {
      const row = await lockStudy(tx, id);
      if (!row) throw studyNotFound();
      const a = await accessOf(tx, row, user);
      assertVisible(row, a);
      assertLeaderOrAdmin(a, 'studies.coverLeaderOnly');
      const image = decodeImageUpload(body, 'body');
      const version = await putCoverSource(tx, id, image.mimeType, image.bytes, etagOf(image.bytes));
      await this.d.ctx.jobs.enqueue(STUDY_COVER_JOB, { studyId: id, version }, { dedupeKey: `study-cover:${id}:${version}` }, tx);
    });
    this.d.caches.invalidate();
    return this.studies.getById(id, user);
  }

  /** Back to the generated cover. */
  async remove(id: string, user: AuthUser): Promise<Study> {
    await this.db.transaction(async (tx) => {
      const row = await lockStudy(tx, id);
      if (!row) throw studyNotFound();
      const a = await accessOf(tx, row, user);
      assertVisible(row, a);
      assertLeaderOrAdmin(a, 'studies.coverLeaderOnly');
      await removeCover(tx, id);
    });
    this.d.caches.invalidate();
    return this.studies.getById(id, user);
  }

  /** The job: render the variants and publish them if this upload is still the latest. */
  async process(studyId: string, version: number): Promise<'ready' | 'failed' | 'superseded'> {
    const src = await getCover(this.db, studyId, 'source');
    if (!src || src.version !== version) return 'superseded';
    let variants;
    try {
      variants = await renderCoverVariants(src.bytes);
    } catch (err) {
      this.d.ctx.log.warn({ err, studyId, version }, 'study cover could not be processed');
      await markCoverFailed(this.db, studyId, version);
      this.d.caches.invalidate();
      return 'failed';
    }
    const stored = await this.db.transaction((tx) =>
      storeProcessedCover(tx, studyId, version, variants, coverUrl(studyId, '1280', version)),
    );
    if (stored) this.d.caches.invalidate();
    return stored ? 'ready' : 'superseded';
  }

  /**
   * A processed variant with its version (for the immutable cache of versioned URLs). A deleted
   * or unknown study answers BIZ-3001 "study not found", a study without a cover BIZ-3001 too,
   * with its own message. PENDING and REJECTED studies' covers are served: the URL holds the
   * study's UUID, which only its leader and admins are shown, and an <img> sends no token.
   */
  async image(studyId: string, size: StudyCoverSize) {
    const served = await getServedCover(this.db, studyId, size);
    if (!served.study) throw studyNotFound();
    if (!served.image) throw notFound('studies.noCover');
    return served.image;
  }
}
