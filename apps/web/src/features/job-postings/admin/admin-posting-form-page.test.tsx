import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import AdminPostingFormPage from './admin-posting-form-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const admin = { ...TEST_USER, roles: ['ROLE_USER', 'ROLE_ADMIN'] };
/** The text of the elements that describe a control (its hint and its error). */
const describedBy = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('admin job posting form', () => {
  it("says what is missing in the UI's words, then puts the server's field error on its field", async () => {
    const { calls } = stubFetch((url, init) =>
      url.pathname === '/api/admin/job-postings/postings' && init.method === 'POST'
        ? {
            status: 409,
            error: {
              code: 'VAL-2005',
              message: '같은 원문 주소(sourceUrl)의 공고가 이미 있습니다.',
              details: {
                fields: [{ path: 'body.sourceUrl', code: 'duplicate', message: '같은 원문 주소(sourceUrl)의 공고가 이미 있습니다.' }],
              },
            },
          }
        : undefined,
    );
    await renderPage(<AdminPostingFormPage />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: '저장' }));
    await waitFor(() => expect(describedBy('회사 이름')).toBe('필수 입력 항목입니다.'));
    expect(describedBy('제목')).toBe('필수 입력 항목입니다.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('회사 이름'), { target: { value: '모임' } });
    fireEvent.change(screen.getByLabelText('제목'), { target: { value: '백엔드 개발자' } });
    fireEvent.change(screen.getByLabelText('원문 주소'), { target: { value: 'https://moim.dev/jobs/1' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(describedBy('원문 주소')).toContain('같은 원문 주소(sourceUrl)의 공고가 이미 있습니다.'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('같은 원문 주소(sourceUrl)의 공고가 이미 있습니다.');
  });
});
