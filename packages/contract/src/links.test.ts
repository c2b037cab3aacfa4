import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileLink } from './accounts.ts';
import { studyEventBody } from './calendar.ts';
import { jobCompanyInput, importSourceInput } from './job-postings-admin.ts';
import { isAcceptedLink, linkField, normalizeLink, optionalLinkField } from './links.ts';
import { projectApplyBody, projectBody } from './projects.ts';
import { studioSubmission } from './studio.ts';
import { studyPageDraftBody } from './study-pages.ts';

describe('normalizeLink', () => {
  it('makes a link typed without a scheme into the address meant, and leaves the rest to the rule', () => {
    expect(normalizeLink('github.com/x')).toBe('https://github.com/x');
    expect(normalizeLink('  www.moim.dev ')).toBe('https://www.moim.dev');
    expect(normalizeLink('www.x.com')).toBe('https://www.x.com');
    expect(normalizeLink('//github.com/x')).toBe('https://github.com/x');
    expect(normalizeLink('moim.dev:8080/a?b#c')).toBe('https://moim.dev:8080/a?b#c');
    expect(normalizeLink('velog.io/@moim')).toBe('https://velog.io/@moim');
    expect(normalizeLink('모임.한국/소개')).toBe('https://모임.한국/소개');
    expect(normalizeLink('http://github.com/x')).toBe('http://github.com/x');
    expect(normalizeLink('HTTPS://GitHub.com/x')).toBe('HTTPS://GitHub.com/x');
    expect(normalizeLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeLink('javascript://github.com/%0Aalert(1)')).toBe('javascript://github.com/%0Aalert(1)');
    expect(normalizeLink('localhost:3000')).toBe('localhost:3000');
    expect(normalizeLink('/covers/a.png')).toBe('/covers/a.png');
    expect(normalizeLink('not a link')).toBe('not a link');
    expect(normalizeLink('me@example.com')).toBe('me@example.com');
    expect(normalizeLink('me@example.com', { mail: true })).toBe('mailto:me@example.com');
    expect(normalizeLink('mailto:me@example.com', { mail: true })).toBe('mailto:me@example.com');
  });

  it('gives a typed host and path https://, never touches a link with a scheme, and is idempotent', () => {
    // (fast-check's webUrl, webPath and webSegment take seconds per hundred runs: built from characters instead)
    const chars = (set: string, minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...set), minLength, maxLength });
    const label = chars('abcdefghijklmnopqrstuvwxyz0123456789', 1, 10);
    const host = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), chars('abcdefghijklmnopqrstuvwxyz', 2, 6));
    const path = fc
      .array(chars('abcdefghijklmnopqrstuvwxyz0123456789-._~@%', 0, 12), { maxLength: 3 })
      .map((s) => s.map((x) => `/${x}`).join(''));
    const hostAndPath = fc.tuple(host, path).map(([[labels, tld], p]) => `${labels.join('.')}.${tld}${p}`);
    fc.assert(
      fc.property(hostAndPath, fc.constantFrom('http', 'https'), (typed, scheme) => {
        expect(normalizeLink(typed)).toBe(`https://${typed}`);
        expect(normalizeLink(`${scheme}://${typed}`)).toBe(`${scheme}://${typed}`);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeLink(s, { mail: true });
        expect(normalizeLink(once, { mail: true })).toBe(once);
      }),
    );
  });
});

describe('the link rule', () => {
  const link = linkField({ max: 300 });
  const parse = (v: unknown) => link.safeParse(v);

  it('accepts web addresses as typed and stores them with their scheme', () => {
    expect(parse('github.com/moim').data).toBe('https://github.com/moim');
    expect(parse('www.x.com').data).toBe('https://www.x.com');
    expect(parse(' https://moim.dev/a?b=1#c ').data).toBe('https://moim.dev/a?b=1#c');
    expect(parse('http://moim.dev').data).toBe('http://moim.dev');
  });

  it('refuses other schemes, spaces, controls and lengths, always with the url message', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'javascript://github.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://files.moim.dev',
      'file:///etc/passwd',
      'mailto:me@example.com',
      'me@example.com',
      'localhost:3000',
      'not a link',
      'https://moim.dev/a b',
      'https://moim.dev/\u0007',
      '',
      `https://moim.dev/${'a'.repeat(300)}`,
    ]) {
      const r = parse(bad);
      expect(r.success, bad).toBe(false);
      expect(
        r.error!.issues.map((i) => i.message).filter((m) => m.startsWith('form.')),
        bad,
      ).not.toEqual([]);
    }
    expect(parse(42).success).toBe(false);
  });

  it('takes mailto: only where allowed, a site path only where allowed', () => {
    const mail = linkField({ max: 300, mail: true });
    expect(mail.safeParse('owner@moim.dev').data).toBe('mailto:owner@moim.dev');
    expect(mail.safeParse('javascript:alert(1)').success).toBe(false);
    const picture = linkField({ max: 300, sitePath: true });
    expect(picture.safeParse('/covers/a.png').data).toBe('/covers/a.png');
    expect(picture.safeParse('cdn.moim.dev/a.png').data).toBe('https://cdn.moim.dev/a.png');
    expect(picture.safeParse('//evil.example/%2e%2e').data).toBe('https://evil.example/%2e%2e');
    expect(picture.safeParse('javascript:alert(1)').success).toBe(false);
    expect(isAcceptedLink('https://x.dev')).toBe(true);
    expect(isAcceptedLink('x.dev')).toBe(false);
  });

  it('an optional link: empty and null mean none', () => {
    const o = optionalLinkField({ max: 300 });
    expect(o.parse('')).toBeNull();
    expect(o.parse('   ')).toBeNull();
    expect(o.parse(null)).toBeNull();
    expect(o.parse(undefined)).toBeNull();
    expect(o.parse('github.com/x')).toBe('https://github.com/x');
    expect(o.safeParse('javascript:alert(1)').success).toBe(false);
  });
});

describe('every address field of the product follows it', () => {
  const app = {
    positionId: '00000000-0000-4000-8000-000000000000',
    introduction: '열 글자가 넘는 소개입니다.',
    motivation: '열 글자가 넘는 동기입니다.',
  };
  const fields: Array<[string, (v: string) => { success: boolean; value?: unknown }]> = [
    ['profile link', (v) => wrap(profileLink.safeParse({ label: 'GitHub', url: v }), (d) => d.url)],
    ['project repository', (v) => wrap(projectBody.safeParse(project({ repository: v })), (d) => d.links.repository)],
    ['application GitHub', (v) => wrap(projectApplyBody.safeParse({ ...app, links: { github: v } }), (d) => d.links.github)],
    ['application blog', (v) => wrap(projectApplyBody.safeParse({ ...app, links: { blog: v } }), (d) => d.links.blog)],
    ['study event link', (v) => wrap(studyEventBody.safeParse(event(v)), (d) => d.link)],
    ['study page leader link', (v) => wrap(studyPageDraftBody.safeParse(page(v)), (d) => leaderLink(d))],
    ['company careers page', (v) => wrap(jobCompanyInput.safeParse({ name: 'moim', careersUrl: v }), (d) => d.careersUrl)],
    ['import feed', (v) => wrap(importSourceInput.safeParse({ name: 'feed', format: 'RSS', url: v, companyName: 'moim' }), (d) => d.url)],
    ['studio post', (v) => wrap(studioSubmission.safeParse({ source: 'URL', url: v }), (d) => (d as { url: string }).url)],
  ];

  it.each(fields)('%s: "github.com/x" becomes https://github.com/x; javascript: and other schemes are refused', (_, check) => {
    expect(check('github.com/x')).toEqual({ success: true, value: 'https://github.com/x' });
    expect(check('www.x.com')).toEqual({ success: true, value: 'https://www.x.com' });
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.dev/a']) expect(check(bad).success, bad).toBe(false);
  });
});

function wrap<T>(r: { success: boolean; data?: T }, pick: (d: T) => unknown) {
  return r.success ? { success: true, value: pick(r.data as T) } : { success: false };
}
function project(links: Record<string, string>) {
  return {
    name: '프로젝트',
    type: 'SIDE_PROJECT',
    meeting: { type: 'ONLINE' },
    positions: [{ name: 'BE', requiredCount: 1, requiredSkills: ['Go'] }],
    links,
  };
}
function event(link: string) {
  return { title: '온라인 모임', date: '2030-01-05', startTime: '19:00', endTime: '21:00', location: 'online', link };
}
function page(url: string) {
  return { sections: [{ id: 'leader', type: 'leaderIntro', bioHtml: '<p>안녕하세요</p>', links: [{ label: 'GitHub', url }] }] };
}
function leaderLink(d: unknown): unknown {
  return (d as { sections: Array<{ links?: Array<{ url: string }> }> }).sections[0]!.links![0]!.url;
}
