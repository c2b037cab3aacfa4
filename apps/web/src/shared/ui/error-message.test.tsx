import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { initTestI18n } from '../test/i18n';
import { ErrorMessage, errorText } from './error-message';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});
beforeEach(() => initTestI18n('ko'));

/** The failure of one real client call answered by `respond`. */
async function failureOf(respond: () => Promise<Response>): Promise<unknown> {
  globalThis.fetch = vi.fn(respond) as typeof fetch;
  return api.post('/api/projects/p1/applications', {}).then(
    () => {
      throw new Error('the call should have failed');
    },
    (err: unknown) => err,
  );
}

const refusal =
  (code: string, message: string, status = 422) =>
  () =>
    Promise.resolve(
      new Response(JSON.stringify({ success: false, error: { code, message }, message }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('ErrorMessage', () => {
  it("shows exactly the server's own message, not the code's generic sentence", async () => {
    const error = await failureOf(refusal('BIZ-3003', '「백엔드 개발자」 포지션은 모집이 끝났습니다.'));
    render(<ErrorMessage error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('「백엔드 개발자」 포지션은 모집이 끝났습니다.');
    expect(alert.textContent).not.toContain('서비스 규칙에 맞지 않는 요청입니다.');
    expect(errorText(error)).toBe('「백엔드 개발자」 포지션은 모집이 끝났습니다.');
  });

  it('says what a proxy error without an envelope means, never "HTTP 502"', async () => {
    const error = await failureOf(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 })));
    render(<ErrorMessage error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.');
  });

  it('shows the network text in Korean and in English', async () => {
    const error = await failureOf(offline);
    const { rerender } = render(<ErrorMessage error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('네트워크 연결을 확인해 주세요.');

    await initTestI18n('en');
    rerender(<ErrorMessage error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('Please check your network connection.');
    expect(errorText(error)).toBe('Please check your network connection.');
  });

  it('shows a generic text for an error that is not an answer (a crash says nothing to a reader)', () => {
    render(<ErrorMessage error={new TypeError("Cannot read properties of undefined (reading 'id')")} />);
    expect(screen.getByRole('alert').textContent).toBe('일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
  });

  it("uses a wrapped answer's text (an error whose cause is the call's failure)", async () => {
    const error = await failureOf(refusal('BIZ-3004', '요청이 너무 많습니다.', 429));
    expect(errorText(new Error('start failed', { cause: error }))).toBe('요청이 너무 많습니다.');
  });

  it('shows nothing without an error; a title and a retry button when asked', async () => {
    const { container } = render(<ErrorMessage error={null} />);
    expect(container.textContent).toBe('');

    const error = await failureOf(offline);
    const onRetry = vi.fn();
    render(<ErrorMessage error={error} title="순위를 불러오지 못했습니다." onRetry={onRetry} variant="state" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('순위를 불러오지 못했습니다.');
    expect(alert.textContent).toContain('네트워크 연결을 확인해 주세요.');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
