/**
 * Studio through HTTP on a real database: text and URL submissions and their statuses, the
 * result and the result mail, owner-only history, re-analysis and comparison, the daily quota
 * and its reset, the 24 h URL reuse, and the analysis job surviving a restart.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STUDIO_LIMITS, nextSeoulMidnight } from '@moim/contract';
import { buildApp } from '../../app.ts';
import { createContext } from '../../bootstrap.ts';
import { clearOfSeoulMidnight } from '../../../test/seoul-day.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST, articleHtml, articleServer, getAnalysis, localServerPolicy, studioApi, submit, submitText } from './test-helpers.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof articleServer>>;

// The quota counts a Seoul day: a test that reads it after several submissions must not straddle
// 00:00 Asia/Seoul (15:00 UTC, every day). Such a test calls clearOfSeoulMidnight() (Date moved
// past it, not waited for); every test ends on the real clock.
afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  t = await createTestApp({ fetchPolicy: localServerPolicy });
  site = await articleServer();
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe('submitting a text', () => {
  it('goes SUBMITTED → ANALYZING → COMPLETED with ratings, anchored suggestions and a result mail', async () => {
    const me = await createUser(t, { name: '글쓴이' });
    const { analysis, quota } = await submitText(t, me, KOREAN_POST, {
      purpose: 'TUTORIAL',
      tone: 'BLUNT_CRITIC',
      audience: '주니어 개발자',
    });
    expect(analysis.status).toBe('SUBMITTED');
    expect(quota.remaining).toBe(STUDIO_LIMITS.dailyQuota - 1);
    const pending = await getAnalysis(t, me, analysis.id);
    expect(pending.body.data).toMatchObject({ status: 'SUBMITTED', result: null, text: KOREAN_POST.trim(), tone: 'BLUNT_CRITIC' });

    await t.ctx.jobs.drain();
    const done = (await getAnalysis(t, me, analysis.id)).body.data;
    expect(done.status).toBe('COMPLETED');
    expect(done.startedAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();
    expect(done.result.ratings.map((r: { category: string }) => r.category)).toEqual([
      'TITLE',
      'OPENING',
      'READABILITY',
      'STRUCTURE',
      'CLARITY',
      'TONE',
    ]);
    expect(done.result.ratings.every((r: { comment: string }) => r.comment.length > 0)).toBe(true);
    const spacing = done.result.suggestions.find((s: { rule: { id: string } }) => s.rule.id === 'KO_SPACING_SU');
    expect(spacing).toMatchObject({ original: '할수', replacements: ['할 수'], rule: { category: 'SPACING' } });
    expect(done.text.slice(spacing.offset, spacing.offset + spacing.length)).toBe('할수');
    expect(done.result.provider).toBe('local');

    await t.ctx.jobs.drain(); // the result mail is its own job
    const user = await t.api.users.getUser(me.id);
    const mail = await t.api.mail.outbox({ page: 0, size: 5, to: user!.email });
    expect(mail.content[0]?.subject).toContain('리액트 상태 관리 정리');
    expect(mail.content[0]?.text).toContain(`/studio/documentor?analysis=${analysis.id}`);
  });

  it('refuses guests, bad input and strings with NUL or lone surrogates', async () => {
    const me = await createUser(t);
    expect((await submit(t, undefined, { source: 'TEXT', text: KOREAN_POST })).status).toBe(401);
    for (const bad of [
      { source: 'TEXT', text: '짧다' },
      { source: 'TEXT', text: 'x'.repeat(STUDIO_LIMITS.textMax + 1) },
      { source: 'TEXT', text: `${KOREAN_POST}\u0000` },
      { source: 'TEXT', text: `${KOREAN_POST}\ud800` },
      { source: 'TEXT', text: KOREAN_POST, tone: 'SARCASTIC' },
      { source: 'TEXT', text: KOREAN_POST, purpose: 'NOVEL' },
      { source: 'URL', url: 'ftp://example.com/post' },
      { source: 'URL', url: 'javascript:alert(1)' },
      { source: 'PDF', text: KOREAN_POST },
      {},
    ]) {
      const r = await submit(t, me, bad);
      expect(r.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(r.body.error.code).toMatch(/^VAL-200/);
    }
    expect((await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data.used).toBe(0);
  });
});

describe('submitting a URL', () => {
  it('goes SUBMITTED → FETCHING → ANALYZING → COMPLETED with the article body extracted', async () => {
    const me = await createUser(t);
    site.html(
      '/posts/deploy',
      articleHtml('배포 회고', [
        '처음으로 서비스를 배포했다. 혼자서도 할수 있다고 생각했지만 설정이 어려웠다.',
        '그래서 배포 전에 확인할 체크리스트를 만들었다. 환경 변수, 비밀 키, 로그 설정을 차례로 확인한다.',
        '다음에는 체크리스트를 먼저 만들고 시작하려고 한다.',
      ]),
    );
    const r = await submit(t, me, { source: 'URL', url: `${site.base}/posts/deploy`, tone: 'PRO_EDITOR' });
    expect(r.status).toBe(201);
    const id = r.body.data.analysis.id;
    expect(r.body.data.analysis).toMatchObject({ status: 'SUBMITTED', source: 'URL', text: null });

    // Watch the statuses the page would see while the job runs.
    const seen = new Set<string>();
    let running = true;
    const job = t.ctx.jobs.drain().finally(() => {
      running = false;
    });
    // each read is a request of its own (the job moves on meanwhile), until the job has ended
    while (running) seen.add((await getAnalysis(t, me, id)).body.data.status);
    await job;
    const done = (await getAnalysis(t, me, id)).body.data;
    expect(done.status).toBe('COMPLETED');
    expect(done.title).toBe('배포 회고');
    expect(done.text).toMatch(/^# 배포 회고\n\n처음으로 서비스를 배포했다/);
    expect(done.text).not.toContain('예시 블로그'); // the footer is not the article
    expect(done.result.suggestions.some((s: { original: string }) => s.original === '할수')).toBe(true);
    expect([...seen].every((s) => ['SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED'].includes(s))).toBe(true);
  });

  it('fails with a reason, and gives the quota back, when the page is missing, not HTML or too short', async () => {
    const me = await createUser(t);
    site.pages['/image'] = (_q, s) => s.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100));
    site.html('/tiny', '<html><body><p>짧음</p></body></html>');
    const cases: Array<[string, string]> = [
      ['/missing', 'FETCH_FAILED'],
      ['/image', 'NOT_AN_ARTICLE'],
      ['/tiny', 'TOO_SHORT'],
    ];
    for (const [path, reason] of cases) {
      const r = await submit(t, me, { source: 'URL', url: `${site.base}${path}` });
      expect(r.status).toBe(201);
      await t.ctx.jobs.drain();
      const a = (await getAnalysis(t, me, r.body.data.analysis.id)).body.data;
      expect(a, path).toMatchObject({ status: 'FAILED', failureReason: reason, result: null });
    }
    const quota = (await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data;
    expect(quota.used).toBe(0);
  });

  it('reads a Naver blog post from its mobile page', async () => {
    const naver = `<html><head><meta property="og:title" content="훅 공부 : 네이버 블로그"></head><body><div class="se-main-container">
      <div class="se-component se-documentTitle"><div class="se-title-text"><span>리액트 훅 공부 기록</span></div></div>
      <div class="se-component se-text"><div class="se-module-text">
        <p class="se-text-paragraph"><span>오늘은 useEffect를 공부했다. 의존성 배열을 빼먹으면 무한히 다시 실행된다.</span></p>
        <p class="se-text-paragraph"><span>&#8203;</span></p>
        <p class="se-text-paragraph"><span>내일은 커스텀 훅을 만들어 볼 거다. 상태 로직을 재사용할수 있다니 기대된다.</span></p>
      </div></div></div></body></html>`;
    // The mobile address is what the server fetches for blog.naver.com/{id}/{no}; here a local
    // resolver answers for it (the production policy would resolve it through DNS).
    const local = await createTestApp({
      fetchPolicy: { allowAddress: (a) => a === '127.0.0.1', allowPort: () => true },
      fetchResolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      const port = new URL(site.base).port;
      site.html('/dev_kim/223000000001', naver);
      const user = await createUser(local);
      const r = await submit(local, user, { source: 'URL', url: `http://m.blog.naver.com:${port}/dev_kim/223000000001` });
      await local.ctx.jobs.drain();
      const a = (await getAnalysis(local, user, r.body.data.analysis.id)).body.data;
      expect(a.status).toBe('COMPLETED');
      expect(a.title).toBe('리액트 훅 공부 기록');
      expect(a.text).toContain('오늘은 useEffect를 공부했다.');
      expect(a.text).toContain('\n\n내일은 커스텀 훅을');
    } finally {
      await local.close();
    }
  });

  it('returns the earlier analysis for the same URL within 24 hours without using quota', async () => {
    clearOfSeoulMidnight();
    const me = await createUser(t);
    const other = await createUser(t);
    site.html(
      '/posts/reuse',
      articleHtml('재사용 확인', ['같은 주소를 다시 보내면 이전 분석을 돌려준다. 이 문장은 분석에 충분한 길이를 채우기 위한 문장이다.']),
    );
    const first = await submit(t, me, { source: 'URL', url: `${site.base}/posts/reuse` });
    expect(first.status).toBe(201);
    await t.ctx.jobs.drain();
    // Same address up to fragment and tracking parameters.
    const again = await submit(t, me, { source: 'URL', url: `${site.base}/posts/reuse?utm_source=x#top` });
    expect(again.status).toBe(200);
    expect(again.body.data.reused).toBe(true);
    expect(again.body.data.analysis.id).toBe(first.body.data.analysis.id);
    expect(again.body.data.analysis.status).toBe('COMPLETED');
    expect(again.body.data.quota.used).toBe(1);
    // Another member's submission of the same URL is their own analysis.
    const theirs = await submit(t, other, { source: 'URL', url: `${site.base}/posts/reuse` });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.analysis.id).not.toBe(first.body.data.analysis.id);
    // After 24 hours the URL is analysed again.
    const later = await studioApi(t).studio.submit(
      { id: me.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' },
      { source: 'URL', url: `${site.base}/posts/reuse`, purpose: 'OTHER', audience: '', tone: 'WARM_MENTOR', locale: 'ko' },
      new Date(Date.now() + 25 * 3_600_000),
    );
    expect(later.reused).toBe(false);
  });
});

describe('history, re-analysis and comparison', () => {
  it('keeps versions, re-analyses a revision and compares two versions; only for the owner', async () => {
    const me = await createUser(t);
    const stranger = await createUser(t);
    const first = await submitText(t, me);
    await t.ctx.jobs.drain();
    const fixed = KOREAN_POST.replace('재사용할수 있습니다', '재사용할 수 있습니다');
    const revise = await t.call({
      method: 'POST',
      url: `/api/studio/documents/${first.analysis.documentId}/analyses`,
      headers: me.headers,
      payload: { text: fixed },
    });
    expect(revise.status).toBe(201);
    expect(revise.body.data.analysis).toMatchObject({ version: 2, documentId: first.analysis.documentId, tone: 'WARM_MENTOR' });
    await t.ctx.jobs.drain();

    const doc = await t.call({ method: 'GET', url: `/api/studio/documents/${first.analysis.documentId}`, headers: me.headers });
    expect(doc.status).toBe(200);
    expect(doc.body.data.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'COMPLETED'],
    ]);
    expect(doc.body.data.latest.version).toBe(2);
    const list = await t.call({ method: 'GET', url: '/api/studio/documents?page=0&size=10', headers: me.headers });
    expect(list.body.data).toMatchObject({ totalElements: 1, number: 0, first: true, last: true });
    expect(list.body.data.content[0]).toMatchObject({ id: first.analysis.documentId, versionCount: 2, title: '리액트 상태 관리 정리' });

    const cmp = await t.call({
      method: 'GET',
      url: `/api/studio/documents/${first.analysis.documentId}/compare?from=${first.analysis.id}&to=${revise.body.data.analysis.id}`,
      headers: me.headers,
    });
    expect(cmp.status).toBe(200);
    expect(cmp.body.data.resolved.map((s: { rule: { id: string } }) => s.rule.id)).toContain('KO_SPACING_SU');
    expect(cmp.body.data.introduced).toEqual([]);
    expect(cmp.body.data.ratings).toHaveLength(6);
    expect(cmp.body.data.overall.delta).toBeGreaterThanOrEqual(0);

    // The stranger sees none of it, changes none of it; a guest is asked to log in.
    for (const [method, url, payload] of [
      ['GET', `/api/studio/analyses/${first.analysis.id}`, undefined],
      ['GET', `/api/studio/documents/${first.analysis.documentId}`, undefined],
      ['POST', `/api/studio/documents/${first.analysis.documentId}/analyses`, { text: fixed }],
      [
        'GET',
        `/api/studio/documents/${first.analysis.documentId}/compare?from=${first.analysis.id}&to=${revise.body.data.analysis.id}`,
        undefined,
      ],
      ['DELETE', `/api/studio/documents/${first.analysis.documentId}`, undefined],
    ] as const) {
      const r = await t.call({ method, url, headers: stranger.headers, ...(payload ? { payload } : {}) });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.error.code).toBe('BIZ-3001');
      expect((await t.call({ method, url, ...(payload ? { payload } : {}) })).status).toBe(401);
    }
    expect((await t.call({ method: 'GET', url: '/api/studio/documents', headers: stranger.headers })).body.data.totalElements).toBe(0);
    // The stranger's refused re-analysis used none of their quota.
    expect((await t.call({ method: 'GET', url: '/api/studio/quota', headers: stranger.headers })).body.data.used).toBe(0);

    const del = await t.call({ method: 'DELETE', url: `/api/studio/documents/${first.analysis.documentId}`, headers: me.headers });
    expect(del.status).toBe(200);
    expect((await getAnalysis(t, me, first.analysis.id)).status).toBe(404);
  });

  it('re-analysing an unchanged text and settings returns the latest version and uses no quota', async () => {
    clearOfSeoulMidnight();
    const me = await createUser(t);
    const first = await submitText(t, me);
    await t.ctx.jobs.drain();
    const quota = async () => (await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data.used;
    const url = `/api/studio/documents/${first.analysis.documentId}/analyses`;
    expect(await quota()).toBe(1);

    const same = await t.call({ method: 'POST', url, headers: me.headers, payload: { text: `\n${KOREAN_POST}  ` } });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ reused: true, analysis: { id: first.analysis.id, version: 1, status: 'COMPLETED' } });
    expect(same.body.data.quota.used).toBe(1);
    const explicit = await t.call({ method: 'POST', url, headers: me.headers, payload: { text: KOREAN_POST, tone: 'WARM_MENTOR' } });
    expect(explicit.status).toBe(200);
    expect(await quota()).toBe(1);
    const doc = await t.call({ method: 'GET', url: `/api/studio/documents/${first.analysis.documentId}`, headers: me.headers });
    expect(doc.body.data.versionCount).toBe(1);

    // A changed setting is a new version and uses one analysis.
    const toned = await t.call({ method: 'POST', url, headers: me.headers, payload: { text: KOREAN_POST, tone: 'BLUNT_CRITIC' } });
    expect(toned.status).toBe(201);
    expect(toned.body.data).toMatchObject({ reused: false, analysis: { version: 2 } });
    expect(await quota()).toBe(2);
  });

  it('refuses to compare an unfinished version or a version with itself', async () => {
    const me = await createUser(t);
    const first = await submitText(t, me);
    await t.ctx.jobs.drain();
    const second = await t.call({
      method: 'POST',
      url: `/api/studio/documents/${first.analysis.documentId}/analyses`,
      headers: me.headers,
      payload: { text: `${KOREAN_POST}\n추가한 문장입니다. 조금 더 길게 썼습니다.` },
    });
    const url = (from: string, to: string) => `/api/studio/documents/${first.analysis.documentId}/compare?from=${from}&to=${to}`;
    const running = await t.call({ method: 'GET', url: url(first.analysis.id, second.body.data.analysis.id), headers: me.headers });
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('BIZ-3002');
    expect((await t.call({ method: 'GET', url: url(first.analysis.id, first.analysis.id), headers: me.headers })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: url(first.analysis.id, 'not-a-uuid'), headers: me.headers })).status).toBe(400);
  });
});

describe('daily quota', () => {
  it('allows five analyses a Seoul day, then answers 429 with the reset time', async () => {
    clearOfSeoulMidnight();
    const me = await createUser(t);
    for (let i = 0; i < STUDIO_LIMITS.dailyQuota; i++) await submitText(t, me);
    const r = await submit(t, me, { source: 'TEXT', text: KOREAN_POST });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('BIZ-3004');
    const resetsAt = nextSeoulMidnight(new Date()).toISOString();
    expect(r.body.error.details).toMatchObject({ reason: 'DAILY_QUOTA', limit: 5, resetsAt });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const q = (await t.call({ method: 'GET', url: '/api/studio/quota', headers: me.headers })).body.data;
    expect(q).toEqual({ limit: 5, used: 5, remaining: 0, resetsAt });
  });

  it('resets at 00:00 Asia/Seoul', async () => {
    const me = await createUser(t);
    const who = { id: me.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' };
    const studio = studioApi(t).studio;
    const body = {
      source: 'TEXT' as const,
      text: KOREAN_POST,
      purpose: 'OTHER' as const,
      audience: '',
      tone: 'WARM_MENTOR' as const,
      locale: 'ko' as const,
    };
    const lateEvening = new Date('2026-11-23T23:58:00+09:00');
    for (let i = 0; i < 5; i++) await studio.submit(who, body, lateEvening);
    await expect(studio.submit(who, body, new Date('2026-11-23T23:59:59+09:00'))).rejects.toMatchObject({
      code: 'BIZ-3004',
      details: { resetsAt: '2026-11-23T15:00:00.000Z' },
    });
    const afterMidnight = await studio.submit(who, body, new Date('2026-11-24T00:00:01+09:00'));
    expect(afterMidnight.quota).toEqual({ limit: 5, used: 1, remaining: 4, resetsAt: '2026-11-24T15:00:00.000Z' });
  });
});

describe('the analysis job', () => {
  it('survives a restart: a pending analysis is finished by the next server on the same database', async () => {
    const me = await createUser(t);
    const { analysis } = await submitText(t, me);
    // A second server on the same database (what a restart or another instance is).
    const ctx2 = await createContext(t.ctx.config, { database: t.ctx.database, logger: pino({ level: 'silent' }), rateLimits: false });
    const app2 = await buildApp(ctx2);
    await app2.ready();
    try {
      expect(await ctx2.jobs.drain()).toBeGreaterThanOrEqual(1);
    } finally {
      await app2.close();
      await ctx2.jobs.stop();
      await ctx2.redis.close();
    }
    expect((await getAnalysis(t, me, analysis.id)).body.data.status).toBe('COMPLETED');
    // a second app is built and drains the whole queue: 34 s once on PostgreSQL behind PgBouncer
    // under CI's load (the default 30 s is for one request's worth of work)
  }, 120_000);

  it('only moves along the allowed transitions', async () => {
    const me = await createUser(t);
    const { analysis } = await submitText(t, me);
    const runner = studioApi(t).runner;
    expect(await runner.transition(analysis.id, 'COMPLETED')).toBeUndefined(); // SUBMITTED → COMPLETED skips ANALYZING
    expect(await runner.transition(analysis.id, 'FETCHING')).toMatchObject({ status: 'FETCHING' });
    expect(await runner.transition(analysis.id, 'SUBMITTED')).toBeUndefined();
    expect(await runner.transition(analysis.id, 'ANALYZING')).toMatchObject({ status: 'ANALYZING' });
    expect(await runner.transition(analysis.id, 'FETCHING')).toBeUndefined();
    expect(await runner.transition(analysis.id, 'FAILED', { failureReason: 'ANALYZER_ERROR' })).toMatchObject({ status: 'FAILED' });
    for (const to of ['SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED', 'FAILED'] as const) {
      expect(await runner.transition(analysis.id, to, { failureReason: 'ANALYZER_ERROR' }), to).toBeUndefined();
    }
    // A job for an analysis that already ended does nothing.
    await runner.run(analysis.id);
    expect((await getAnalysis(t, me, analysis.id)).body.data.status).toBe('FAILED');

    // SUBMITTED → FAILED is allowed; COMPLETED is final too.
    const other = (await submitText(t, me)).analysis;
    expect(await runner.transition(other.id, 'FAILED', { failureReason: 'ANALYZER_ERROR' })).toMatchObject({ status: 'FAILED' });
    const done = (await submitText(t, me)).analysis;
    await t.ctx.jobs.drain();
    expect((await getAnalysis(t, me, done.id)).body.data.status).toBe('COMPLETED');
    for (const to of ['SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED', 'FAILED'] as const) {
      expect(await runner.transition(done.id, to, { failureReason: 'ANALYZER_ERROR' }), `COMPLETED → ${to}`).toBeUndefined();
    }
  });
});
