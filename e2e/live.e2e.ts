/**
 * The live channel in two browsers (docs/live.md): a project owner keeps the applications tab
 * open; another person, in a browser of their own, applies. The owner's list shows the
 * application without a reload, brought by an `application.changed` event on the owner's socket
 * (recorded from the page's WebSocket frames), and the header says updates are live.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, signIn, uniqueEmail, type Session } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

const INTRO = '실시간으로 도착하는 지원서입니다. 주말마다 꾸준히 참여할 수 있어요.';

async function registered(tag: string): Promise<Session> {
  const r = await apiJson<Session>('/api/users/register', {
    method: 'POST',
    body: JSON.stringify({ email: uniqueEmail(tag), password: 'a perfectly fine passphrase', name: `${tag} 사용자` }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** Every text frame the page's sockets receive, parsed. */
function recordFrames(page: Page): unknown[] {
  const frames: unknown[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') frames.push(JSON.parse(payload));
    }),
  );
  return frames;
}

describe('live updates between two browsers', () => {
  it('an owner’s applications tab shows an application the moment another browser sends it', async () => {
    const owner = await registered('live-owner');
    const created = await apiJson<{ id: string; slug: string; positions: { id: string; name: string }[] }>('/api/projects', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        publish: true,
        project: {
          name: `실시간 지원 확인 프로젝트 ${Date.now().toString(36)}`,
          tagline: '지원이 오면 바로 보여요',
          type: 'SIDE_PROJECT',
          positions: [{ name: '백엔드 개발자', requiredCount: 1, requiredSkills: ['Kotlin'] }],
          meeting: { type: 'ONLINE' },
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const project = created.body.data;

    // the owner's browser: the applications tab, open before anything arrives
    await signIn(b.context, owner);
    const ownerPage = b.page;
    const frames = recordFrames(ownerPage);
    await ownerPage.goto(`/project/${project.slug}?tab=applications`);
    await ownerPage.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 20_000 });
    expect(await ownerPage.locator('.pj-app', { hasText: INTRO }).count()).toBe(0);

    // another person's browser
    const applicant = await registered('live-applicant');
    const other = await b.browser.newContext({
      baseURL: new URL(ownerPage.url()).origin,
      viewport: { width: 390, height: 844 },
      locale: 'ko-KR',
    });
    try {
      await signIn(other, applicant);
      const page = await other.newPage();
      await page.goto(`/project/${project.slug}`);
      await page.getByRole('button', { name: '백엔드 개발자 지원하기' }).click();
      const dialog = page.getByRole('dialog', { name: '프로젝트 지원' });
      await dialog.getByLabel('짧은 자기소개').fill(INTRO);
      await dialog.getByLabel('지원 동기').fill('실시간으로 반영되는지 직접 확인해 보고 싶어요. 꾸준히 하겠습니다.');
      await dialog.getByRole('button', { name: '지원서 보내기' }).click();
      await page.getByText('지원서를 보냈어요. 결과는 알림으로 알려 드려요.').waitFor({ timeout: 20_000 });
    } finally {
      await other.close();
    }

    // the owner's list, without a reload
    await ownerPage.locator('.pj-app', { hasText: INTRO }).waitFor({ timeout: 20_000 });
    const events = frames.filter(
      (f): f is { type: string; topic: string; kind: string } =>
        (f as { type?: string }).type === 'event' && (f as { topic?: string }).topic === `project-applications:${project.id}`,
    );
    expect(events.map((e) => e.kind)).toContain('application.changed');
    // and the header's count heard of the notice the application sent
    await ownerPage.getByRole('link', { name: /알림, 읽지 않음/ }).waitFor({ timeout: 20_000 });
  });
});
