/**
 * A just-proposed study's page while its cover is processed (issue 13): the leader sees the
 * processing note, the page reads the study again until the server says READY and then shows the
 * uploaded cover, without a reload; reading stops once the cover is ready.
 */
import { PROFILE_IMAGE_POLL_MAX_TRIES, type Study } from '@moim/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import { coverPoll, coverRefetchInterval } from '../api/cover-polling';
import { studyKeys } from '../api/keys';
import { makeStudy } from '../test-fixtures';
import StudyDetailPage from './study-detail-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const viewer = {
  isLeader: true,
  isAdmin: false,
  role: 'OWNER' as const,
  isActiveMember: true,
  applicationId: null,
  applicationStatus: null,
};

describe('the new study’s page while its cover is processed', () => {
  it('shows the processing note, polls, then shows the processed cover and stops polling', async () => {
    const pending = makeStudy({ status: 'PENDING', coverImageStatus: 'PENDING', viewer });
    const ready: Study = {
      ...pending,
      coverImageStatus: 'READY',
      coverImage: `/api/public/studies/${pending.id}/cover?size=1280&v=1`,
      coverImageThumb: `/api/public/studies/${pending.id}/cover?size=640&v=1`,
    };
    let reads = 0;
    const { calls } = stubFetch((url) => {
      if (url.pathname === `/api/studies/${pending.id}`) {
        reads += 1;
        return { data: reads < 2 ? pending : ready };
      }
      return undefined;
    });
    const { client } = await renderPage(<StudyDetailPage />, {
      path: `/study/${pending.id}`,
      route: '/study/:studyIdentifier',
      user: TEST_USER,
    });

    const state = await screen.findByTestId('hero-cover-state');
    expect(state.dataset.status).toBe('PENDING');
    expect(state.textContent).toContain('커버 이미지를 처리하고 있어요');
    expect(document.querySelector('.st-hero__cover [data-testid="study-cover"]')?.getAttribute('data-cover')).toBe('generated');

    // the next read (2 s later) answers READY: the uploaded cover replaces the generated one
    await waitFor(() => expect(screen.getByTestId('hero-cover-state').dataset.status).toBe('READY'), { timeout: 6_000 });
    const cover = document.querySelector('.st-hero__cover [data-testid="study-cover"]')!;
    expect(cover.getAttribute('data-cover')).toBe('image');
    expect(cover.querySelector('img')?.getAttribute('src')).toBe(ready.coverImage);
    expect(screen.getByTestId('hero-cover-state').textContent).toBe('');

    expect(calls.filter((c) => c.url.pathname === `/api/studies/${pending.id}`)).toHaveLength(2);
    // READY: no further reads are scheduled
    const query = client.getQueryCache().find({ queryKey: studyKeys.detail(pending.id), exact: true })!;
    expect(coverRefetchInterval(query as never)).toBe(false);
  }, 15_000);

  it('a visitor sees no note', async () => {
    const pending = makeStudy({ coverImageStatus: 'PENDING', viewer: null });
    stubFetch((url) => (url.pathname === `/api/studies/${pending.id}` ? { data: { ...pending, coverImageStatus: 'READY' } } : undefined));
    await renderPage(<StudyDetailPage />, { path: `/study/${pending.id}`, route: '/study/:studyIdentifier' });
    expect((await screen.findByTestId('hero-cover-state')).textContent).toBe('');
  });

  it('FAILED shows the leader a way to the manage page', async () => {
    const failed = makeStudy({ coverImageStatus: 'FAILED', viewer });
    stubFetch((url) => (url.pathname === `/api/studies/${failed.id}` ? { data: failed } : undefined));
    await renderPage(<StudyDetailPage />, { path: `/study/${failed.id}`, route: '/study/:studyIdentifier', user: TEST_USER });
    const state = await screen.findByTestId('hero-cover-state');
    expect(state.textContent).toContain('커버 이미지를 처리하지 못했어요');
    expect(state.querySelector('a')?.getAttribute('href')).toMatch(/\/manage$/);
  });

  it('counts the reads of one PENDING stretch and gives up after the SPEC’s 30', () => {
    const query = { state: { data: { coverImageStatus: 'PENDING' as const }, dataUpdateCount: 4 } };
    expect(coverPoll(query)).toBe('polling');
    query.state.dataUpdateCount = 4 + PROFILE_IMAGE_POLL_MAX_TRIES - 1;
    expect(coverPoll(query)).toBe('polling');
    query.state.dataUpdateCount = 4 + PROFILE_IMAGE_POLL_MAX_TRIES;
    expect(coverPoll(query)).toBe('gave-up');
    // READY ends the stretch; a later PENDING (a new upload) counts afresh
    const same = query as { state: { data: { coverImageStatus: 'PENDING' | 'READY' }; dataUpdateCount: number } };
    same.state.data = { coverImageStatus: 'READY' };
    expect(coverPoll(same)).toBe('idle');
    same.state.data = { coverImageStatus: 'PENDING' };
    same.state.dataUpdateCount += 1;
    expect(coverPoll(same)).toBe('polling');
  });
});
