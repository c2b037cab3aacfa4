import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { jobs } from '../../jobs/schema.ts';
import { userImages } from './schema.ts';
import { register, type TestUser } from './test-helpers.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await register(t);
});
afterAll(() => t.close());

const me = (x: TestUser = u) => t.call({ method: 'GET', url: '/api/users/me', headers: x.auth });
const upload = (bytes: Buffer | string, mimeType: string, x: TestUser = u, fileName = 'me.png') =>
  t.call({
    method: 'PUT',
    url: '/api/users/me',
    headers: x.auth,
    payload: { profileImageData: { base64: typeof bytes === 'string' ? bytes : bytes.toString('base64'), fileName, mimeType } },
  });
const pendingJobs = async () => Number((await t.ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'pending')))[0]!.n);

async function png(w = 800, h = 600): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

describe('profile picture', () => {
  it('is PENDING after upload, READY with a cached webp URL after the job ran', async () => {
    const r = await upload(await png(), 'image/png');
    expect(r.status).toBe(200);
    expect(r.body.data.profileImageStatus).toBe('PENDING');
    expect((await me()).body.data.profileImageStatus).toBe('PENDING');

    await t.ctx.jobs.drain();
    const ready = (await me()).body.data;
    expect(ready.profileImageStatus).toBe('READY');
    expect(ready.profileImage).toBe(`/api/public/users/${u.id}/image?size=512&v=1`);
    expect(ready.profileImageThumb).toBe(`/api/public/users/${u.id}/image?size=128&v=1`);

    const img = await t.app.inject({ method: 'GET', url: ready.profileImage });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const thumb = await t.app.inject({ method: 'GET', url: ready.profileImageThumb });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128, height: 128 });

    const again = await t.app.inject({ method: 'GET', url: ready.profileImage, headers: { 'if-none-match': img.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const unversioned = await t.app.inject({ method: 'GET', url: `/api/public/users/${u.id}/image?size=128` });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=60, must-revalidate');

    // login and validate answer the picture too
    const v = await t.call({ method: 'GET', url: '/api/auth/validate', headers: u.auth });
    expect(v.body.data.profileImage).toBe(ready.profileImage);
  });

  it('accepts JPEG, WebP and GIF (first frame), and a data: URL; a new upload gets a new version', async () => {
    const x = await register(t);
    const base = sharp({ create: { width: 300, height: 500, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 1 } } });
    for (const [mime, bytes] of [
      ['image/jpeg', await base.clone().jpeg().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
    ] as const) {
      const r = await upload(`data:${mime};base64,${bytes.toString('base64')}`, mime, x);
      expect(r.status, mime).toBe(200);
      await t.ctx.jobs.drain();
      expect((await me(x)).body.data.profileImageStatus, mime).toBe('READY');
    }
    expect((await me(x)).body.data.profileImage).toMatch(/v=3$/);
  });

  it('refuses a mislabelled, unsupported, broken or oversized upload (nothing queued, nothing changed)', async () => {
    const x = await register(t);
    const jobsBefore = await pendingJobs();
    const cases: [Buffer | string, string, number, string][] = [
      [await png(), 'image/jpeg', 400, 'VAL-2002'], // PNG bytes declared as JPEG
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 400, 'VAL-2002'],
      [Buffer.from('GIF89a not really'), 'image/png', 400, 'VAL-2002'],
      [Buffer.from('hello world, just text'), 'image/png', 400, 'VAL-2002'],
      ['this is not base64 !!!', 'image/png', 400, 'VAL-2002'],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
        'image/png',
        400,
        'VAL-2004',
      ],
    ];
    for (const [bytes, mime, status, code] of cases) {
      const r = await upload(bytes, mime, x);
      expect(r.status, `${mime} ${code}`).toBe(status);
      expect(r.body.error.code, `${mime} ${code}`).toBe(code);
    }
    // beyond the route's 8 MB body limit
    const huge = await upload(Buffer.alloc(7 * 1024 * 1024), 'image/png', x);
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('VAL-2006');
    expect((await me(x)).body.data).toMatchObject({ profileImageStatus: 'NONE', profileImage: null });
    expect(await pendingJobs()).toBe(jobsBefore);
  });

  it('marks a file that only looks like an image FAILED after processing', async () => {
    const x = await register(t);
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage after the signature')]);
    expect((await upload(fake, 'image/png', x)).body.data.profileImageStatus).toBe('PENDING');
    await t.ctx.jobs.drain();
    expect((await me(x)).body.data).toMatchObject({ profileImageStatus: 'FAILED', profileImage: null });
  });

  it('removes the picture with profileImageData: null', async () => {
    const x = await register(t);
    await upload(await png(64, 64), 'image/png', x);
    await t.ctx.jobs.drain();
    const url = (await me(x)).body.data.profileImage;
    expect(url).toBeTruthy();
    const r = await t.call({ method: 'PUT', url: '/api/users/me', headers: x.auth, payload: { profileImageData: null } });
    expect(r.body.data).toMatchObject({ profileImageStatus: 'NONE', profileImage: null });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers unknown users and bad ids with 404/400 in the envelope', async () => {
    const none = await t.call({ method: 'GET', url: '/api/public/users/00000000-0000-4000-8000-000000000000/image?size=512' });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('BIZ-3001');
    for (const url of [
      '/api/public/users/not-a-uuid/image',
      `/api/public/users/${u.id}/image?size=999`,
      `/api/public/users/${u.id}/image?v=abc`,
    ]) {
      const r = await t.call({ method: 'GET', url });
      expect([r.status, r.body.error.code], url).toEqual([400, expect.stringMatching(/^VAL-/)]);
    }
  });

  it('a deleted (탈퇴) account’s picture is gone: 404 BIZ-3001 for every size, even if bytes were left behind', async () => {
    const x = await register(t);
    await upload(await png(64, 64), 'image/png', x);
    await t.ctx.jobs.drain();
    const { profileImage, profileImageThumb } = (await me(x)).body.data;
    const served = await t.app.inject({ method: 'GET', url: profileImage });
    expect(served.statusCode).toBe(200);

    const del = await t.call({ method: 'DELETE', url: '/api/users/me', headers: x.auth, payload: { password: x.password } });
    expect(del.status).toBe(200);
    // bytes a restore or a late writer left behind are not served either
    await t.ctx.db.insert(userImages).values({
      userId: x.id,
      variant: '512',
      version: 9,
      contentType: 'image/webp',
      bytes: served.rawPayload,
      byteSize: served.rawPayload.length,
      etag: served.headers.etag as string,
    });
    for (const url of [
      profileImage,
      profileImageThumb,
      `/api/public/users/${x.id}/image?size=512`,
      `/api/public/users/${x.id}/image?size=512&v=9`,
    ]) {
      const r = await t.call({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag as string } });
      expect(r.status, url).toBe(404);
      expect(r.body, url).toMatchObject({ success: false, error: { code: 'BIZ-3001', message: '사용자를 찾을 수 없습니다.' } });
    }
  });

  it('a deactivated account keeps its picture (still shown by name; an admin may reactivate it)', async () => {
    const x = await register(t);
    await upload(await png(64, 64), 'image/png', x);
    await t.ctx.jobs.drain();
    const { profileImage } = (await me(x)).body.data;
    const off = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: x.auth });
    expect(off.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: profileImage })).statusCode).toBe(200);
  });

  it('a live account without a picture answers 404 BIZ-3001 (no image)', async () => {
    const x = await register(t);
    const r = await t.call({ method: 'GET', url: `/api/public/users/${x.id}/image?size=128` });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'BIZ-3001', message: '이미지가 없습니다.' });
  });
});
