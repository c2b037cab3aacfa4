/**
 * Study cover images (issue 13 item 16): the leader or an admin uploads, replaces and removes a
 * cover; type (by the bytes) and size are checked with SPEC §8 codes; another user is refused;
 * processing runs on the job queue and the result is served as cached webp.
 */
import { PROFILE_IMAGE_MAX_BYTES, type Study } from '@moim/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { approvedStudy, createUser, propose, setStatus, type TestUser } from './test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;
let other: TestUser;
let s: Study;

beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
  admin = await createUser(t, { admin: true });
  other = await createUser(t);
  s = await approvedStudy(t, leader, admin);
});
afterAll(() => t.close());

const upload = (by: TestUser, bytes: Buffer | string, mimeType: string, id = s.id, fileName = 'cover.png') =>
  t.call({
    method: 'PUT',
    url: `/api/studies/${id}/cover`,
    headers: by.headers,
    payload: { base64: typeof bytes === 'string' ? bytes : bytes.toString('base64'), fileName, mimeType },
  });
const read = async (id = s.id): Promise<Study> => (await t.call({ method: 'GET', url: `/api/studies/${id}` })).body.data;
const bySlug = async (slug = s.slug): Promise<Study> => (await t.call({ method: 'GET', url: `/api/studies/slug/${slug}` })).body.data;
const listed = async (): Promise<Study | undefined> =>
  ((await t.call({ method: 'GET', url: '/api/studies/paged?size=100' })).body.data.content as Study[]).find((x) => x.id === s.id);

function picture(w: number, h: number, fmt: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') {
  const base = sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 140, b: 90 } } });
  return base[fmt]().toBuffer();
}

describe('study cover image', () => {
  it('a new study has none: NONE and null URLs in the detail and the list', async () => {
    const d = await read();
    expect(d).toMatchObject({ coverImage: null, coverImageThumb: null, coverImageStatus: 'NONE' });
    expect(await listed()).toMatchObject({ coverImage: null, coverImageStatus: 'NONE' });
  });

  it('the leader uploads: PENDING, then READY with 16:9 webp served with cache headers (EXIF stripped)', async () => {
    // a JPEG carrying EXIF (orientation and a camera make): none of it must survive
    const jpeg = await sharp(await picture(900, 1200, 'png'))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await upload(leader, jpeg, 'image/jpeg', s.id, 'photo.jpg');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.coverImageStatus).toBe('PENDING');
    expect(r.body.data.coverImage).toBeNull();

    await t.ctx.jobs.drain();
    const d = await read();
    expect(d.coverImageStatus).toBe('READY');
    expect(d.coverImage).toBe(`/api/public/studies/${s.id}/cover?size=1280&v=1`);
    expect(d.coverImageThumb).toBe(`/api/public/studies/${s.id}/cover?size=640&v=1`);
    // the guest detail (cached read) and the public list carry it too
    expect((await bySlug()).coverImage).toBe(d.coverImage);
    expect((await listed())?.coverImageThumb).toBe(d.coverImageThumb);

    const big = await t.app.inject({ method: 'GET', url: d.coverImage! });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-type']).toBe('image/webp');
    expect(big.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(big.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    expect(meta.exif).toBeUndefined();
    expect(big.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const small = await t.app.inject({ method: 'GET', url: d.coverImageThumb! });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });

    const again = await t.app.inject({ method: 'GET', url: d.coverImage!, headers: { 'if-none-match': big.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const unversioned = await t.app.inject({ method: 'GET', url: `/api/public/studies/${s.id}/cover?size=640` });
    expect(unversioned.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
  });

  it('replacing keeps the old cover until the new one is processed, then moves to a new version', async () => {
    const r = await upload(leader, await picture(1600, 900, 'webp'), 'image/webp');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ coverImageStatus: 'PENDING', coverImage: `/api/public/studies/${s.id}/cover?size=1280&v=1` });
    await t.ctx.jobs.drain();
    expect(await read()).toMatchObject({ coverImageStatus: 'READY', coverImage: `/api/public/studies/${s.id}/cover?size=1280&v=2` });
  });

  it('refuses a file whose bytes are not the declared type, an unsupported type and a file over 5 MB', async () => {
    const png = await picture(64, 64);
    const mislabelled = await upload(leader, png, 'image/jpeg', s.id, 'cover.jpg');
    expect(mislabelled.status).toBe(400);
    expect(mislabelled.body.error.code).toBe('VAL-2002');
    expect(mislabelled.body.error.details).toMatchObject({
      fields: [{ path: 'body.mimeType', code: 'type_mismatch' }],
      declared: 'image/jpeg',
      detected: 'image/png',
    });

    const text = await upload(leader, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', s.id, 'x.svg');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('VAL-2002');

    const named = await upload(leader, Buffer.from('not an image at all'), 'image/png', s.id, 'looks-fine.png');
    expect(named.status).toBe(400);
    expect(named.body.error.code).toBe('VAL-2002');

    const huge = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - png.length)]);
    const tooBig = await upload(leader, huge, 'image/png');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe('VAL-2004');

    // nothing changed
    expect(await read()).toMatchObject({ coverImageStatus: 'READY', coverImage: `/api/public/studies/${s.id}/cover?size=1280&v=2` });
  });

  it('another user may neither upload nor remove (403 AUTH-1004); a guest gets 401', async () => {
    const up = await upload(other, await picture(64, 64), 'image/png');
    expect(up.status).toBe(403);
    expect(up.body.error.code).toBe('AUTH-1004');
    const del = await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/cover`, headers: other.headers });
    expect(del.status).toBe(403);
    expect(del.body.error.code).toBe('AUTH-1004');
    const guest = await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/cover` });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
    expect((await read()).coverImageStatus).toBe('READY');
  });

  it('an admin may change it; the leader removes it: back to NONE and the image is gone', async () => {
    const byAdmin = await upload(admin, await picture(640, 360, 'gif'), 'image/gif');
    expect(byAdmin.status).toBe(200);
    await t.ctx.jobs.drain();
    expect((await read()).coverImage).toMatch(/v=3$/);

    const del = await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/cover`, headers: leader.headers });
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ coverImage: null, coverImageThumb: null, coverImageStatus: 'NONE' });
    expect((await bySlug()).coverImage).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: `/api/public/studies/${s.id}/cover?size=1280` });
    expect(gone.statusCode).toBe(404);
  });

  it('a removal while an upload waits wins: the late job does not bring the cover back', async () => {
    const r = await upload(leader, await picture(800, 450), 'image/png');
    expect(r.status).toBe(200);
    await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/cover`, headers: leader.headers });
    await t.ctx.jobs.drain();
    expect(await read()).toMatchObject({ coverImage: null, coverImageStatus: 'NONE' });
  });

  it('bytes that sniff as PNG but do not decode end FAILED, the study still readable', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const r = await upload(leader, fake, 'image/png');
    expect(r.status).toBe(200);
    await t.ctx.jobs.drain();
    expect(await read()).toMatchObject({ coverImage: null, coverImageStatus: 'FAILED' });
  });

  it('a proposed (PENDING) study’s cover is served: its leader sees it on the new study’s page', async () => {
    const p = await propose(t, leader, { title: 'Cover While Pending' });
    expect((await upload(leader, await picture(800, 450), 'image/png', p.id)).status).toBe(200);
    await t.ctx.jobs.drain();
    const mine = (await t.call({ method: 'GET', url: `/api/studies/${p.id}`, headers: leader.headers })).body.data as Study;
    expect(mine).toMatchObject({ status: 'PENDING', coverImageStatus: 'READY' });
    expect((await t.app.inject({ method: 'GET', url: mine.coverImage! })).statusCode).toBe(200);
  });

  it('a deleted study’s cover is gone: 404 BIZ-3001 (study not found) for every size and version', async () => {
    const d = await propose(t, leader, { title: 'Cover Then Deleted' });
    expect((await upload(leader, await picture(800, 450), 'image/png', d.id)).status).toBe(200);
    await t.ctx.jobs.drain();
    const before = (await t.call({ method: 'GET', url: `/api/studies/${d.id}`, headers: leader.headers })).body.data as Study;
    expect(before.coverImageStatus).toBe('READY');
    const served = await t.app.inject({ method: 'GET', url: before.coverImage! });
    expect(served.statusCode).toBe(200);

    expect((await setStatus(t, admin, d.id, 'REJECT', '범위가 넓어요')).status).toBe(200);
    const del = await t.call({ method: 'DELETE', url: `/api/studies/${d.id}`, headers: leader.headers });
    expect(del.status, JSON.stringify(del.body)).toBe(200);

    for (const url of [
      before.coverImage!,
      before.coverImageThumb!,
      `/api/public/studies/${d.id}/cover?size=1280`,
      `/api/public/studies/${d.id}/cover?size=640`,
    ]) {
      const r = await t.call({ method: 'GET', url });
      expect(r.status, url).toBe(404);
      expect(r.body, url).toMatchObject({ success: false, error: { code: 'BIZ-3001', message: '스터디를 찾을 수 없습니다.' } });
      expect(r.headers['content-type'], url).toMatch(/^application\/json/);
      // not even a 304 for a browser that still holds the bytes’ ETag
      const cached = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag as string } });
      expect(cached.statusCode, url).toBe(404);
    }
  });

  it('an unknown study answers 404 BIZ-3001 (study not found); a live one without a cover 404 BIZ-3001 (no cover)', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/public/studies/00000000-0000-4000-8000-000000000000/cover?size=640' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'BIZ-3001', message: '스터디를 찾을 수 없습니다.' });
    const bare = await propose(t, leader, { title: 'No Cover Yet' });
    const none = await t.call({ method: 'GET', url: `/api/public/studies/${bare.id}/cover?size=640` });
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'BIZ-3001', message: '커버 이미지가 없습니다.' });
  });
});
