import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { sanitizeRichText } from '../../text/rich-text.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, propose } from './test-helpers.ts';

describe('the rich-text sanitizer', () => {
  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="steal()">x</p>', '<p>x</p>'],
    ['<img src="x" onerror="alert(1)">after', 'after'],
    ['<a href="javascript:alert(1)">click</a>', 'click'],
    ['<a href="JaVaScRiPt:alert(1)">click</a>', 'click'],
    ['<a href="&#106;avascript:alert(1)">click</a>', 'click'],
    ['<a href="  javascript:alert(1)">click</a>', 'click'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>', 'd'],
    ['<a href="//evil.example">p</a>', 'p'],
    ['<a href="https://moim.dev" target="_blank" onmouseover="x()">go</a>', '<a href="https://moim.dev" rel="noopener noreferrer">go</a>'],
    ['<a href="mailto:hi@moim.dev">mail</a>', '<a href="mailto:hi@moim.dev" rel="noopener noreferrer">mail</a>'],
    ['<h1>Title</h1><h3>Sub</h3>', '<h2>Title</h2><h3>Sub</h3>'],
    ['<b>bold</b> <i>it</i>', '<strong>bold</strong> <em>it</em>'],
    ['<div style="color:red"><span>text</span></div>', 'text'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg><p>y</p>', '<p>y</p>'],
    ['<style>p{}</style><ul><li>a</li></ul>', '<ul><li>a</li></ul>'],
    ['<pre><code>const x = 1 &lt; 2;</code></pre>', '<pre><code>const x = 1 &lt; 2;</code></pre>'],
    ['<blockquote>인용</blockquote><br>', '<blockquote>인용</blockquote><br />'],
    ['<p>a &amp; b</p>', '<p>a &amp; b</p>'],
  ])('%s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});

describe('composed study pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let leader: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { admin: true });
    leader = await createUser(t, { name: '리더' });
    member = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const sections = [
    { id: 'hero', type: 'hero', title: '테코테코', subtitle: '코딩테스트 알고리즘 스터디' },
    { id: 'intro', type: 'richText', html: '<p onclick="x()">안녕하세요<script>alert(1)</script></p><a href="javascript:void(0)">x</a>' },
    {
      id: 'leader',
      type: 'leaderIntro',
      bioHtml: '<p>리더 <img src=x onerror=alert(1)></p>',
      links: [{ label: '블로그', url: 'https://blog.example' }],
    },
    { id: 'faq', type: 'faq', items: [{ question: '초보도?', answerHtml: '<p>네!</p><iframe></iframe>' }] },
    { id: 'members', type: 'members' },
    { id: 'cta', type: 'callToAction', title: '함께해요', buttonLabel: '신청하기' },
  ];

  it('the leader drafts (sanitized), publishes; everyone reads the published version', async () => {
    const s = await approvedStudy(t, leader, admin);
    const draft = await t.call({ method: 'PUT', url: `/api/studies/${s.id}/page/draft`, headers: leader.headers, payload: { sections } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const stored = draft.body.data.sections;
    expect(stored[1].html).toBe('<p>안녕하세요</p>x');
    expect(stored[2].bioHtml).toBe('<p>리더 </p>');
    expect(stored[3].items[0].answerHtml).toBe('<p>네!</p>');
    expect(stored[4]).toMatchObject({ type: 'members', showAttendance: false });
    const before = await t.call({ method: 'GET', url: `/api/studies/${s.id}/page` });
    expect(before.body.data).toMatchObject({ draft: false, sections: [], version: 0, publishedAt: null });
    const pub = await t.call({ method: 'POST', url: `/api/studies/${s.id}/page/publish`, headers: leader.headers });
    expect(pub.body.data).toMatchObject({ draft: false, version: 1 });
    const after = await t.call({ method: 'GET', url: `/api/studies/${s.id}/page` });
    expect(after.body.data.sections).toEqual(stored);
    // a new draft does not change what visitors see until it is published
    await t.call({
      method: 'PUT',
      url: `/api/studies/${s.id}/page/draft`,
      headers: leader.headers,
      payload: { sections: sections.slice(0, 1) },
    });
    expect((await t.call({ method: 'GET', url: `/api/studies/${s.id}/page` })).body.data.sections).toHaveLength(6);
    const d = await t.call({ method: 'GET', url: `/api/studies/${s.id}/page?draft=true`, headers: leader.headers });
    expect(d.body.data).toMatchObject({ draft: true });
    expect(d.body.data.sections).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: `/api/studies/${s.id}/page?draft=true`, headers: admin.headers })).status).toBe(200);
  });

  it('only the leader, managers and admins edit or see the draft', async () => {
    const s = await approvedStudy(t, leader, admin);
    await joinStudy(t, leader, member, s.id);
    for (const who of [member, stranger]) {
      expect(
        (await t.call({ method: 'PUT', url: `/api/studies/${s.id}/page/draft`, headers: who.headers, payload: { sections } })).status,
      ).toBe(403);
      // a draft is its organisers' own: to anyone else it does not exist
      const draft = await t.call({ method: 'GET', url: `/api/studies/${s.id}/page?draft=true`, headers: who.headers });
      expect(draft.status).toBe(404);
      expect(draft.body.error.code).toBe('BIZ-3001');
      expect((await t.call({ method: 'POST', url: `/api/studies/${s.id}/page/publish`, headers: who.headers })).status).toBe(403);
    }
    expect((await t.call({ method: 'PUT', url: `/api/studies/${s.id}/page/draft`, payload: { sections } })).status).toBe(401);
    const nothing = await t.call({ method: 'POST', url: `/api/studies/${s.id}/page/publish`, headers: leader.headers });
    expect([nothing.status, nothing.body.error.code]).toEqual([409, 'BIZ-3002']);
    const pending = await propose(t, leader);
    expect((await t.call({ method: 'GET', url: `/api/studies/${pending.id}/page` })).status).toBe(404);
  });

  it('validates the sections', async () => {
    const s = await approvedStudy(t, leader, admin);
    for (const bad of [
      [{ id: 'x', type: 'marquee', text: 'no' }],
      [{ id: 'x', type: 'hero' }],
      [{ id: 'h', type: 'hero', title: 'a', imageUrl: 'javascript:alert(1)' }],
      [{ id: 'l', type: 'leaderIntro', bioHtml: '', links: [{ label: 'x', url: 'javascript:alert(1)' }] }],
      [
        { id: 'same', type: 'members' },
        { id: 'same', type: 'reviews' },
      ],
      Array.from({ length: 31 }, (_, i) => ({ id: `m${i}`, type: 'members' })),
    ]) {
      const r = await t.call({
        method: 'PUT',
        url: `/api/studies/${s.id}/page/draft`,
        headers: leader.headers,
        payload: { sections: bad },
      });
      expect(r.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
  });
});
