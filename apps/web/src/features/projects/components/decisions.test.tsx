/**
 * Decisions on applications use the names of study applications: the owner accepts with
 * POST …/accept and rejects with a reviewNote; the applicant cancels with DELETE …?applicantId=me.
 * Each reaches another person, so each asks first (naming who is told) and sends nothing when
 * the question is dismissed. The owner sees each applicant at a glance.
 */
import type { Project, ProjectApplication } from '@moim/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, renderAt, stubFetch, summary } from '../test/harness';
import { ApplicationsPanel } from './applications-panel';
import { ViewerPanel } from './viewer-panel';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ME = '00000000-0000-4000-8000-000000000001';
const APP_ID = '22222222-2222-4222-8222-222222222222';

function project(over: Partial<Project> = {}): Project {
  const s = summary();
  return {
    ...s,
    positions: s.positions.map((p) => ({ ...p, requiredSkills: ['Go'], preferredSkills: [], responsibilities: '' })),
    description: '',
    vision: '',
    expectedDuration: '',
    collaborationTools: [],
    compensation: '',
    links: { repository: null, demo: null, contact: null },
    members: [],
    viewer: null,
    ...over,
  };
}

function application(over: Partial<ProjectApplication> = {}): ProjectApplication {
  const p = project();
  return {
    applicationId: APP_ID,
    project: { id: p.id, slug: p.slug, name: p.name, status: p.status },
    position: { id: 'p1', name: '백엔드 개발자' },
    applicant: { id: ME, name: '최서연', username: null, profileImage: null },
    status: 'PENDING',
    introduction: '백엔드 개발자입니다. 잘 부탁드려요.',
    motivation: '꼭 함께 만들어 보고 싶습니다.',
    skills: [],
    links: { github: null, portfolio: null, blog: null },
    reviewNote: null,
    decidedAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  };
}

describe('decisions on applications', () => {
  it('the applicant cancels a pending application with DELETE, naming themself', async () => {
    const p = project({
      viewer: {
        isOwner: false,
        isAdmin: false,
        isMember: false,
        canManage: false,
        application: { applicationId: APP_ID, status: 'PENDING', positionId: 'p1', positionName: '백엔드 개발자', reviewNote: null },
        pendingApplications: 0,
      },
    });
    const calls = stubFetch((url, method) =>
      method === 'DELETE' && url.pathname === `/api/projects/${p.id}/applications/${APP_ID}`
        ? { data: application({ status: 'WITHDRAWN' }) }
        : undefined,
    );
    await renderAt(<ViewerPanel project={p} signedIn />, '/p', '/p');
    fireEvent.click(await screen.findByRole('button', { name: '지원 취소' }));
    const ask = await screen.findByRole('alertdialog', { name: '백엔드 개발자 포지션 지원을 취소할까요?' });
    expect(ask.textContent).toContain(`프로젝트 소유자 ${p.owner.name} 님에게 알림이 가요.`);
    fireEvent.click(within(ask).getByRole('button', { name: '그대로 두기' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '지원 취소' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '지원 취소하기' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get('applicantId')).toBe(ME);
    expect(calls[0]!.body).toBeUndefined();
  });

  it('shows the owner’s reviewNote on a rejected application', async () => {
    const p = project({
      viewer: {
        isOwner: false,
        isAdmin: false,
        isMember: false,
        canManage: false,
        application: {
          applicationId: APP_ID,
          status: 'REJECTED',
          positionId: 'p1',
          positionName: '백엔드 개발자',
          reviewNote: '다음에 함께해요.',
        },
        pendingApplications: 0,
      },
    });
    stubFetch(() => undefined);
    await renderAt(<ViewerPanel project={p} signedIn />, '/p', '/p');
    expect(await screen.findByText('다음에 함께해요.')).toBeTruthy();
  });

  it('the owner accepts with POST …/accept and rejects with a reviewNote, each asked first', async () => {
    const p = project({
      viewer: { isOwner: true, isAdmin: false, isMember: true, canManage: true, application: null, pendingApplications: 1 },
    });
    const calls = stubFetch((url, method) => {
      if (method === 'GET' && url.pathname === `/api/projects/${p.id}/applications`) return { data: page([application()]) };
      if (method === 'POST' && url.pathname === `/api/projects/${p.id}/applications/${APP_ID}/accept`)
        return { data: application({ status: 'APPROVED' }) };
      if (method === 'POST' && url.pathname === `/api/projects/${p.id}/applications/${APP_ID}/reject`)
        return { data: application({ status: 'REJECTED', reviewNote: '이번에는 어려워요.' }) };
      return undefined;
    });
    const posts = () => calls.filter((c) => c.method === 'POST');
    await renderAt(<ApplicationsPanel project={p} />, '/p', '/p');
    const card = (await screen.findByText('백엔드 개발자입니다. 잘 부탁드려요.')).closest('li')!;

    // accept: asked first, naming who is told; dismissing sends nothing
    fireEvent.click(within(card).getByRole('button', { name: '승인' }));
    const ask = await screen.findByRole('alertdialog', { name: '최서연 님의 지원을 승인할까요?' });
    expect(ask.textContent).toContain('최서연 님에게 승인 소식이 알림과 메일로 가요.');
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: '취소' }));
    fireEvent.keyDown(ask, { key: 'Escape' });
    fireEvent.click(within(card).getByRole('button', { name: '승인' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '취소' }));
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: '승인' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '승인하기' }));
    await waitFor(() => expect(posts().map((c) => c.url.pathname)).toEqual([`/api/projects/${p.id}/applications/${APP_ID}/accept`]));
    expect(posts()[0]!.body ?? {}).toEqual({});

    // reject: the note is asked for before anything is sent
    fireEvent.click(within(card).getByRole('button', { name: '반려' }));
    const dialog = await screen.findByRole('alertdialog', { name: '최서연 님의 지원을 반려할까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '반려하기' }));
    expect(posts()).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '이번에는 어려워요.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '반려하기' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/reject'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/reject'))!.body).toEqual({ reviewNote: '이번에는 어려워요.' });
  });

  it('shows each applicant at a glance: position, skills (the required ones marked), introduction and where each link leads', async () => {
    const p = project({
      viewer: { isOwner: true, isAdmin: false, isMember: true, canManage: true, application: null, pendingApplications: 1 },
    });
    stubFetch((url, method) =>
      method === 'GET' && url.pathname === `/api/projects/${p.id}/applications`
        ? {
            data: page([
              application({
                applicant: { id: ME, name: '최서연', username: 'seoyeon', profileImage: null },
                skills: ['go', 'Docker'],
                links: { github: 'https://github.com/seoyeon', portfolio: null, blog: 'https://www.velog.io/@seoyeon/' },
              }),
            ]),
          }
        : undefined,
    );
    await renderAt(<ApplicationsPanel project={p} />, '/p', '/p');
    const card = (await screen.findByText('백엔드 개발자입니다. 잘 부탁드려요.')).closest('li')!;
    expect(within(card).getByText('@seoyeon')).toBeTruthy();
    expect(within(card).getByText('백엔드 개발자')).toBeTruthy();
    const skills = within(card).getByRole('list', { name: '보유 기술' });
    expect(within(skills).getByText(/^go/).textContent).toBe('go (포지션 필수 기술)');
    expect(within(skills).getByText('Docker').textContent).toBe('Docker');
    const links = within(card).getByRole('list', { name: '최서연 님의 링크' });
    expect(
      within(links)
        .getByRole('link', { name: /GitHub/ })
        .getAttribute('href'),
    ).toBe('https://github.com/seoyeon');
    expect(within(links).getByRole('link', { name: /GitHub/ }).textContent).toBe('GitHubgithub.com/seoyeon');
    expect(within(links).getByRole('link', { name: /블로그/ }).textContent).toBe('블로그velog.io/@seoyeon');
    expect(within(links).queryByRole('link', { name: /포트폴리오/ })).toBeNull();
  });
});
