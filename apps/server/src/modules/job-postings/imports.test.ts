import { createServer, type Server } from 'node:http';
import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '@moim/contract';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { ERROR_TEXTS } from '../../i18n/error-texts.ts';
import { createUser, importFile, importPostings, jobsApi, posting, runItems, search, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

const CSV_HEADER =
  'company,title,description,experience,employment_type,work_mode,location,salary_min,salary_max,required_skills,preferred_skills,valid_through,source_url';
const row = (over: Record<string, string>) => {
  const base: Record<string, string> = {
    company: '바다소프트',
    title: 'CSV 백엔드 개발자',
    experience: '신입',
    employment_type: '정규직',
    work_mode: '원격',
    location: '부산 해운대구',
    salary_min: '4,000만원',
    salary_max: '5000만',
    required_skills: 'Java|Spring',
    preferred_skills: 'k8s, AWS',
    valid_through: '2099-12-31',
    source_url: 'https://careers.example.com/bada/1',
    ...over,
  };
  return CSV_HEADER.split(',')
    .map((k) => {
      const v = base[k] ?? '';
      return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(',');
};

// The platform's SSRF-safe fetcher, allowed to reach only the local feed server of these tests.
const localOnly = { allowAddress: (a: string) => a === '127.0.0.1', allowPort: () => true };

beforeAll(async () => {
  t = await createTestApp({ fetchPolicy: localOnly });
  admin = await createUser(t, { admin: true });
  member = await createUser(t);
});
afterAll(() => t.close());

describe('CSV import', () => {
  it('imports good rows, rejects bad ones with a reason each, and never fails the batch', async () => {
    const csv = [
      CSV_HEADER,
      row({}),
      row({ title: '', source_url: 'https://careers.example.com/bada/2' }),
      row({ experience: '우주비행사', source_url: 'https://careers.example.com/bada/3' }),
      row({ title: '두 번째 같은 주소' }),
      'only,three,columns',
      row({
        title: '"따옴표", 쉼표',
        description: '첫 줄\n둘째 줄, "인용"',
        work_mode: '하이브리드',
        experience: '주니어',
        source_url: 'https://careers.example.com/bada/4',
        salary_min: '',
        salary_max: '',
      }),
      row({ source_url: 'javascript:alert(1)' }),
    ].join('\n');
    const run = await importFile(t, admin, 'CSV', csv, '바다소프트.csv');
    expect(run).toMatchObject({ status: 'SUCCEEDED', created: 2, updated: 0, unchanged: 0, rejected: 5 });
    const items = await runItems(t, admin, run.id);
    expect(items.map((i) => [i.position, i.outcome])).toEqual([
      [2, 'CREATED'],
      [3, 'REJECTED'],
      [4, 'REJECTED'],
      [5, 'REJECTED'],
      [6, 'REJECTED'],
      [8, 'CREATED'],
      [9, 'REJECTED'],
    ]);
    const reason = (pos: number) => items.find((i) => i.position === pos)!.reason!;
    expect(reason(3)).toContain('title: ');
    expect(reason(4)).toContain('experienceLevel: ');
    expect(reason(5)).toMatch(/sourceUrl.*2/);
    expect(reason(6)).toBe(ERROR_TEXTS['jobs.import.columnCount'].ko);
    expect(reason(9)).toContain('sourceUrl: ');
    // the report is said in the reader's language (the codes are stored, not sentences)
    const english = await t.call({
      method: 'GET',
      url: `/api/admin/job-postings/runs/${run.id}/items?size=100`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    const en = (pos: number) =>
      (english.body.data.content as Array<{ position: number; reason: string }>).find((i) => i.position === pos)!.reason;
    expect(en(3)).toContain(`title: ${FORM_TEXTS.required.en}`);
    expect(en(6)).toBe(ERROR_TEXTS['jobs.import.columnCount'].en);
    for (const pos of [3, 4, 5, 6, 9]) expect(en(pos)).not.toMatch(/[\uAC00-\uD7A3]/);
    expect((await runItems(t, admin, run.id, 'REJECTED')).length).toBe(5);

    const created = await search(t, 'q=' + encodeURIComponent('CSV 백엔드'));
    expect(created.content[0]).toMatchObject({
      company: { name: '바다소프트' },
      experienceLevel: 'ENTRY',
      employmentType: 'FULL_TIME',
      workMode: 'REMOTE',
      region: 'BUSAN',
      salaryMin: 40_000_000,
      salaryMax: 50_000_000,
      requiredSkills: [{ id: 'java' }, { id: 'springboot' }],
      preferredSkills: [{ id: 'kubernetes' }, { id: 'aws' }],
    });
    const quoted = await search(t, 'q=' + encodeURIComponent('따옴표'));
    expect(quoted.content[0]).toMatchObject({ title: '"따옴표", 쉼표', workMode: 'HYBRID', experienceLevel: 'JUNIOR', salaryMin: null });
    const full = await t.call({ method: 'GET', url: `/api/job-postings/${quoted.content[0]!.id}` });
    expect(full.body.data.description).toBe('첫 줄\n둘째 줄, "인용"');
  });

  it('a second import of the same rows is unchanged; a changed row updates the posting in place', async () => {
    const first = [
      CSV_HEADER,
      row({ source_url: 'https://careers.example.com/bada/10', title: '버전 1' }),
      row({ source_url: 'https://careers.example.com/bada/11', title: '그대로' }),
    ].join('\n');
    expect(await importFile(t, admin, 'CSV', first)).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(await importFile(t, admin, 'CSV', first)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const second = first.replace('버전 1', '버전 2');
    const run = await importFile(t, admin, 'CSV', second);
    expect(run).toMatchObject({ created: 0, updated: 1, unchanged: 1, rejected: 0 });
    const r = await t.ctx.db.execute<{ n: string | number; title: string }>(
      sql`select count(*) over () as n, title from job_postings where source_url = 'https://careers.example.com/bada/10'`,
    );
    expect(r.rows).toEqual([{ n: expect.anything(), title: '버전 2' }]);
    expect(Number(r.rows[0]!.n)).toBe(1);
  });

  it('a posting an admin closed stays closed when its source sends it again', async () => {
    const item = posting({ title: '닫힐 공고' });
    await importPostings(t, admin, [item]);
    const id = (await search(t, 'q=' + encodeURIComponent('닫힐'))).content[0]!.id;
    const closed = await t.call({
      method: 'PUT',
      url: `/api/admin/job-postings/postings/${id}`,
      headers: admin.headers,
      payload: { ...item, active: false },
    });
    expect(closed.body.data).toMatchObject({ active: false, closedReason: 'CLOSED' });
    const again = await importPostings(t, admin, [{ ...item, description: '내용이 바뀌었습니다' }]);
    expect(again).toMatchObject({ updated: 1 });
    const detail = await t.call({ method: 'GET', url: `/api/job-postings/${id}` });
    expect(detail.body.data).toMatchObject({ active: false, closedReason: 'CLOSED', description: '내용이 바뀌었습니다' });
  });
});

describe('concurrent imports', () => {
  it('two runs of the same file at the same time create each posting once', async () => {
    const items = Array.from({ length: 12 }, (_, i) => posting({ title: `동시 ${i}` }));
    const content = JSON.stringify(items);
    const queue = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/api/admin/job-postings/imports',
          headers: admin.headers,
          payload: { format: 'JSON', fileName: 'same.json', content },
        })
      ).body.data.id as string;
    const [a, b] = [await queue(), await queue()];
    const api = jobsApi(t);
    await Promise.all([api.imports.process(a), api.imports.process(b)]);
    const runs = await Promise.all(
      [a, b].map(
        async (id) => (await t.call({ method: 'GET', url: `/api/admin/job-postings/runs/${id}`, headers: admin.headers })).body.data,
      ),
    );
    expect(runs[0].created + runs[1].created).toBe(12);
    expect(runs[0].unchanged + runs[1].unchanged).toBe(12);
    const n = await t.ctx.db.execute<{ n: string | number }>(sql`select count(*) as n from job_postings where title like '동시 %'`);
    expect(Number(n.rows[0]!.n)).toBe(12);
    await t.ctx.jobs.drain(); // the queued jobs find their runs finished and do nothing
    expect((await t.call({ method: 'GET', url: `/api/admin/job-postings/runs/${a}`, headers: admin.headers })).body.data.created).toBe(
      runs[0].created,
    );
  });
});

describe('JSON import', () => {
  it('an unreadable file fails the run with the reason; an item with NUL is rejected alone', async () => {
    expect(await importFile(t, admin, 'JSON', '{"postings": [')).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/JSON/) });
    expect(await importFile(t, admin, 'JSON', '{"nothing": 1}')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/postings/),
    });
    const run = await importPostings(t, admin, [
      posting({ title: '정상' }),
      posting({ title: 'NUL\u0000공고' }),
      posting({ title: '깨진\ud800문자' }),
    ]);
    expect(run).toMatchObject({ status: 'SUCCEEDED', created: 1, rejected: 2 });
  });
});

describe('who may import and edit', () => {
  it('refuses members and guests on every admin route', async () => {
    const routes: Array<[string, string, object?]> = [
      ['POST', '/api/admin/job-postings/imports', { format: 'CSV', fileName: 'a.csv', content: CSV_HEADER }],
      ['GET', '/api/admin/job-postings/runs'],
      ['GET', '/api/admin/job-postings/sources'],
      ['POST', '/api/admin/job-postings/sources', { name: 'x', format: 'JSON', url: 'https://example.com/feed.json' }],
      ['POST', '/api/admin/job-postings/postings', posting()],
      ['PUT', '/api/admin/job-postings/postings/00000000-0000-4000-8000-000000000000', posting()],
      ['GET', '/api/admin/job-postings/corrections'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await t.call({ method: method as 'GET', url, payload, headers: member.headers })).status, `${method} ${url}`).toBe(403);
      expect((await t.call({ method: method as 'GET', url, payload })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('an admin adds one posting, edits it, and cannot reuse another posting’s source URL', async () => {
    const input = posting({ title: '관리자가 올린 공고', requiredSkills: ['TS'], validThrough: '2099-01-31' });
    const created = await t.call({ method: 'POST', url: '/api/admin/job-postings/postings', headers: admin.headers, payload: input });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: '관리자가 올린 공고',
      requiredSkills: [{ id: 'typescript' }],
      validThrough: '2099-01-31T14:59:59.999Z',
    });
    const dup = await t.call({
      method: 'POST',
      url: '/api/admin/job-postings/postings',
      headers: admin.headers,
      payload: { ...input, title: '또' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'SOURCE_URL_TAKEN' } });
    expect(dup.body.error.details.fields[0].path).toBe('body.sourceUrl');
    const other = posting({ title: '다른 공고' });
    await t.call({ method: 'POST', url: '/api/admin/job-postings/postings', headers: admin.headers, payload: other });
    const id = created.body.data.id;
    const edited = await t.call({
      method: 'PUT',
      url: `/api/admin/job-postings/postings/${id}`,
      headers: admin.headers,
      payload: { ...input, title: '고친 제목', salaryMin: 1, salaryMax: 2 },
    });
    expect(edited.body.data).toMatchObject({ id, title: '고친 제목', salaryMin: 1, salaryMax: 2 });
    expect((await search(t, 'q=' + encodeURIComponent('고친 제목'))).totalElements).toBe(1);
    const taken = await t.call({
      method: 'PUT',
      url: `/api/admin/job-postings/postings/${id}`,
      headers: admin.headers,
      payload: { ...input, sourceUrl: other.sourceUrl },
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'BIZ-3002']);
    const bad = await t.call({
      method: 'POST',
      url: '/api/admin/job-postings/postings',
      headers: admin.headers,
      payload: { ...posting(), salaryMin: 5, salaryMax: 1 },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2001']);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/admin/job-postings/postings/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
      payload: posting(),
    });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'BIZ-3001']);
  });
});

describe('feed sources', () => {
  let server: Server;
  let base = '';
  const served = new Map<string, { type: string; body: Buffer; status?: number }>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const doc = served.get(req.url ?? '');
      res.writeHead(doc?.status ?? (doc ? 200 : 404), { 'content-type': doc?.type ?? 'text/plain' });
      res.end(doc?.body ?? 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const addSource = async (payload: object) => {
    const r = await t.call({ method: 'POST', url: '/api/admin/job-postings/sources', headers: admin.headers, payload });
    expect(r.status).toBe(201);
    return r.body.data as { id: string };
  };
  const runSource = async (id: string) => {
    const r = await t.call({ method: 'POST', url: `/api/admin/job-postings/sources/${id}/run`, headers: admin.headers });
    expect(r.status).toBe(202);
    await t.ctx.jobs.drain();
    return (await t.call({ method: 'GET', url: `/api/admin/job-postings/runs/${r.body.data.id}`, headers: admin.headers })).body.data;
  };

  it('reads an EUC-KR RSS feed of a careers page: Korean text intact, skills from categories and text', async () => {
    const rss = `<?xml version="1.0" encoding="EUC-KR"?>
<rss version="2.0"><channel><title>누리헬스케어 채용</title><link>https://nuri.example.com/careers</link><description>채용</description>
<item><title>[신입] 안드로이드 개발자</title><link>https://nuri.example.com/careers/101</link>
<description>&lt;p&gt;Kotlin과 Jetpack Compose로 앱을 만듭니다.&lt;/p&gt;&lt;p&gt;원격 근무 가능&lt;/p&gt;</description>
<category>Android</category><pubDate>Mon, 16 Nov 2026 09:00:00 +0900</pubDate></item>
<item><title>백엔드 개발자 (경력 3년 이상)</title><link>https://nuri.example.com/careers/102</link><description>스프링 부트와 PostgreSQL</description></item>
<item><title></title><link>https://nuri.example.com/careers/103</link></item>
</channel></rss>`;
    served.set('/nuri.rss', { type: 'application/rss+xml', body: iconv.encode(rss, 'euc-kr') });
    const src = await addSource({ name: '누리헬스케어 RSS', format: 'RSS', url: `${base}/nuri.rss`, companyName: '누리헬스케어' });
    const run = await runSource(src.id);
    expect(run).toMatchObject({ status: 'SUCCEEDED', format: 'RSS', sourceName: '누리헬스케어 RSS', created: 2, rejected: 1 });
    const android = (await search(t, 'q=' + encodeURIComponent('안드로이드'))).content[0]!;
    expect(android).toMatchObject({
      title: '[신입] 안드로이드 개발자',
      company: { name: '누리헬스케어' },
      experienceLevel: 'ENTRY',
      workMode: 'REMOTE',
    });
    expect(android.requiredSkills.map((s: { id: string }) => s.id).sort()).toEqual(['android', 'jetpackcompose', 'kotlin']);
    expect(android.postedAt).toBe('2026-11-16T00:00:00.000Z');
    const backend = (await search(t, 'q=' + encodeURIComponent('ㅂㅇㄷ ㄱㄹ'))).content.find((p) => p.title.startsWith('백엔드'))!;
    expect(backend.requiredSkills.map((s: { id: string }) => s.id).sort()).toEqual(['postgresql', 'springboot']); // '스프링' is Spring Boot's alias
    // the same feed again: nothing new
    expect(await runSource(src.id)).toMatchObject({ created: 0, unchanged: 2, rejected: 1 });
  });

  it('reads an Atom feed and a JSON feed of postings', async () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>오로라</title><id>urn:aurora</id><updated>2026-11-20T00:00:00Z</updated>
<entry><title>SRE 엔지니어 (Kubernetes)</title><id>urn:aurora:1</id><link href="https://aurora.example.com/jobs/1"/><updated>2026-11-20T00:00:00Z</updated><summary>Prometheus와 Grafana로 관측합니다.</summary></entry></feed>`;
    served.set('/aurora.atom', { type: 'application/atom+xml; charset=utf-8', body: Buffer.from(atom) });
    const a = await runSource(
      (await addSource({ name: '오로라 Atom', format: 'RSS', url: `${base}/aurora.atom`, companyName: '오로라모빌리티' })).id,
    );
    expect(a).toMatchObject({ status: 'SUCCEEDED', created: 1 });
    served.set('/feed.json', {
      type: 'application/json',
      body: Buffer.from(JSON.stringify([posting({ title: 'JSON 피드 공고' }), { title: '회사 없음' }])),
    });
    const j = await runSource((await addSource({ name: 'JSON 피드', format: 'JSON', url: `${base}/feed.json` })).id);
    expect(j).toMatchObject({ status: 'SUCCEEDED', created: 1, rejected: 1 });
  });

  it('a feed that answers an error or is not a feed fails the run with the reason', async () => {
    served.set('/down.rss', { type: 'text/plain', body: Buffer.from('oops'), status: 503 });
    const down = await runSource((await addSource({ name: '다운', format: 'RSS', url: `${base}/down.rss`, companyName: '다운' })).id);
    expect(down).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/503/) });
    served.set('/html.rss', { type: 'text/html', body: Buffer.from('<html><body>hi</body></html>') });
    const html = await runSource((await addSource({ name: 'HTML', format: 'RSS', url: `${base}/html.rss`, companyName: 'HTML' })).id);
    expect(html).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/피드/) });
  });

  it('with the production address policy a private address is refused and nothing is fetched', async () => {
    const prod = await createTestApp();
    try {
      const boss = await createUser(prod, { admin: true });
      let hits = 0;
      served.set('/private.json', { type: 'application/json', body: Buffer.from('[]') });
      server.on('request', (req) => void (req.url === '/private.json' && hits++));
      const src = await prod.call({
        method: 'POST',
        url: '/api/admin/job-postings/sources',
        headers: boss.headers,
        payload: { name: '내부', format: 'JSON', url: `${base}/private.json` },
      });
      const run = await prod.call({
        method: 'POST',
        url: `/api/admin/job-postings/sources/${src.body.data.id}/run`,
        headers: boss.headers,
      });
      await prod.ctx.jobs.drain();
      const done = await prod.call({ method: 'GET', url: `/api/admin/job-postings/runs/${run.body.data.id}`, headers: boss.headers });
      expect(done.body.data).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/BLOCKED/), created: 0 });
      expect(hits).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it('an RSS source needs a company; enabled sources run once a day from the scheduler', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/admin/job-postings/sources',
      headers: admin.headers,
      payload: { name: 'x', format: 'RSS', url: `${base}/x.rss` },
    });
    expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2003']);
    served.set('/daily.json', { type: 'application/json', body: Buffer.from('[]') });
    await addSource({ name: '매일', format: 'JSON', url: `${base}/daily.json`, enabled: true });
    const api = jobsApi(t);
    expect(await api.imports.runDueSources()).toBe(1);
    expect(await api.imports.runDueSources()).toBe(0);
    await t.ctx.jobs.drain();
    const list = await t.call({ method: 'GET', url: '/api/admin/job-postings/sources', headers: admin.headers });
    expect(list.body.data.find((s: { name: string }) => s.name === '매일')).toMatchObject({ enabled: true, lastRunStatus: 'SUCCEEDED' });
  });
});
