import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt, stubFetch, summary } from '../test/harness';
import ProjectFormPage from './project-form-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const type = (label: HTMLElement, value: string) => fireEvent.change(label, { target: { value } });

describe('project form', () => {
  it('refuses to publish without a name and a required skill, then sends the contract body with publish', async () => {
    const calls = stubFetch((url, method) =>
      url.pathname === '/api/projects' && method === 'POST'
        ? {
            status: 201,
            data: {
              ...summary({ slug: '지도-프로젝트' }),
              positions: [],
              members: [],
              viewer: null,
              description: '',
              vision: '',
              expectedDuration: '',
              collaborationTools: [],
              compensation: '',
              links: { repository: null, demo: null, contact: null },
            },
          }
        : undefined,
    );
    const { router } = await renderAt(<ProjectFormPage mode="new" />, '/project/new', '/project/new');
    fireEvent.click(await screen.findByRole('button', { name: '게시하기' }));
    await screen.findByText('확인이 필요한 항목이 있어요.');
    expect(await screen.findByText('필수 기술을 하나 이상 추가해 주세요.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    type(screen.getByLabelText('프로젝트 이름'), '지도 프로젝트');
    const position = screen.getByRole('group', { name: '포지션 1' });
    type(within(position).getByLabelText('포지션 이름'), '백엔드 개발자');
    type(within(position).getByLabelText('모집 인원'), '2');
    const skills = within(position).getByLabelText('필수 기술');
    type(skills, 'Kotlin');
    fireEvent.keyDown(skills, { key: 'Enter' });
    type(skills, 'Spring, JPA,');
    expect(within(position).getByText('JPA')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('온·오프라인'));
    fireEvent.click(screen.getByRole('button', { name: '게시하기' }));
    // a hybrid team needs an area
    await screen.findByText('오프라인이나 온·오프라인 모임은 지역을 적어 주세요.');
    type(screen.getByLabelText('지역'), '서울 마포구');
    fireEvent.click(screen.getByRole('button', { name: '게시하기' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      publish: true,
      project: {
        name: '지도 프로젝트',
        type: 'SIDE_PROJECT',
        positions: [{ name: '백엔드 개발자', requiredCount: 2, requiredSkills: ['Kotlin', 'Spring', 'JPA'], preferredSkills: [] }],
        meeting: { type: 'HYBRID', region: '서울 마포구' },
        recruitmentDeadline: null,
        links: { repository: null, demo: null, contact: null },
      },
    });
    await waitFor(() => expect(decodeURIComponent(router.state.location.pathname)).toBe('/project/지도-프로젝트'));
  });

  it('sends links typed without a scheme as the addresses meant (https://, mailto:)', async () => {
    const calls = stubFetch((url, method) =>
      url.pathname === '/api/projects' && method === 'POST'
        ? {
            status: 201,
            data: {
              ...summary({ slug: '링크-프로젝트' }),
              positions: [],
              members: [],
              viewer: null,
              description: '',
              vision: '',
              expectedDuration: '',
              collaborationTools: [],
              compensation: '',
              links: { repository: null, demo: null, contact: null },
            },
          }
        : undefined,
    );
    await renderAt(<ProjectFormPage mode="new" />, '/project/new', '/project/new');
    type(await screen.findByLabelText('프로젝트 이름'), '링크 프로젝트');
    const position = screen.getByRole('group', { name: '포지션 1' });
    type(within(position).getByLabelText('포지션 이름'), '백엔드 개발자');
    type(within(position).getByLabelText('모집 인원'), '1');
    const skills = within(position).getByLabelText('필수 기술');
    type(skills, 'Go');
    fireEvent.keyDown(skills, { key: 'Enter' });
    type(screen.getByLabelText('저장소 주소'), ' github.com/moim/map ');
    type(screen.getByLabelText('데모 주소'), 'www.moim.dev/map');
    type(screen.getByLabelText('연락처 (웹 주소 또는 mailto:)'), 'owner@example.com');
    fireEvent.click(screen.getByRole('button', { name: '게시하기' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((calls[0]!.body as { project: { links: unknown } }).project.links).toEqual({
      repository: 'https://github.com/moim/map',
      demo: 'https://www.moim.dev/map',
      contact: 'mailto:owner@example.com',
    });
  });

  it('tells anyone but the owner that they cannot edit', async () => {
    stubFetch((url) =>
      url.pathname.startsWith('/api/projects/slug/')
        ? {
            data: {
              ...summary(),
              positions: [],
              members: [],
              description: '',
              vision: '',
              expectedDuration: '',
              collaborationTools: [],
              compensation: '',
              links: { repository: null, demo: null, contact: null },
              viewer: { isOwner: false, isAdmin: false, isMember: false, canManage: false, application: null, pendingApplications: 0 },
            },
          }
        : undefined,
    );
    await renderAt(<ProjectFormPage mode="edit" />, '/project/모임-캘린더/edit', '/project/:slug/edit');
    await screen.findByText('이 프로젝트는 소유자만 수정할 수 있어요.');
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
  });
});
