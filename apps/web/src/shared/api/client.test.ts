import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewList, study } from '@moim/contract';
import { ApiError, ContractError, api, arrayOf, buildQuery, orNull, UNAUTHORIZED_EVENT } from './client';
import { studiesPaths } from './paths/studies';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message = 'x') =>
  new Response(JSON.stringify({ success: false, error: { code, message }, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** An unsigned JWT with `payload` (the client reads `exp` without verifying). */
const jwt = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload), 'sig']
    .map((p, i) => (i < 2 ? btoa(p).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_') : p))
    .join('.');

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('repeats array query parameters and sends the stored bearer token', async () => {
    expect(buildQuery({ tag: ['a', 'b'], page: 0, empty: '', none: undefined })).toBe('?tag=a&tag=b&page=0');
    localStorage.setItem('authToken', 'tok-1');
    fetchMock.mockResolvedValueOnce(ok({ hello: 1 }));
    await expect(api.get('/api/things', { query: { tag: ['x', 'y'] } })).resolves.toEqual({ hello: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?tag=x&tag=y');
    expect((init as RequestInit).headers).toMatchObject({ authorization: 'Bearer tok-1' });
  });

  it('checks a response against its contract schema in tests and hands back the data as it came', async () => {
    expect(import.meta.env.DEV).toBe(true);
    const page = {
      content: [],
      number: 0,
      size: 6,
      totalElements: 0,
      totalPages: 1,
      first: true,
      last: true,
      summary: { count: 0, average: null, ratingCounts: {}, tagCounts: {} },
    };
    fetchMock.mockResolvedValueOnce(ok(page));
    const got = await api.get(studiesPaths.reviews('s-1'), { schema: import.meta.env.DEV && reviewList }).catch((e: unknown) => e);
    if (got instanceof Error) throw got;
    expect(got).toEqual(page);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/studies/s-1/reviews');

    // A renamed field on the server is a ContractError naming the call, not a silent undefined.
    fetchMock.mockResolvedValueOnce(ok([{ id: 'x', titel: 'typo' }]));
    const err = (await api.get(studiesPaths.root, { schema: arrayOf(study) }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.message).toMatch(/^GET \/api\/studies: the response does not match the contract schema: \[0\]/);

    fetchMock.mockResolvedValueOnce(ok(null));
    await expect(api.get(studiesPaths.myReview('s-1'), { schema: orNull(study) })).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(ok({ not: 'an array' }));
    await expect(api.get(studiesPaths.root, { schema: arrayOf(study) })).rejects.toThrow(/expected an array, got object/);
  });

  it("rejects with the server's own message, asked for in the page's language", async () => {
    fetchMock.mockResolvedValueOnce(fail(422, 'BIZ-3003', '이 포지션은 모집 인원이 다 찼습니다.'));
    const err = (await api.post('/api/projects/p/applications', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    // the specific sentence, not the code's generic "서비스 규칙에 맞지 않는 요청입니다."
    expect(err.message).toBe('이 포지션은 모집 인원이 다 찼습니다.');
    const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
    expect((init.headers as Record<string, string>)['accept-language']).toBe('ko');
  });

  it('falls back to the catalogue sentence of a code when the answer carries no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, error: { code: 'BIZ-3001' } }), { status: 404 }));
    const err = (await api.get('/api/studies/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(404);
    expect(err.message).toBe('요청한 항목을 찾을 수 없습니다.');
  });

  it('on several simultaneous 401s refreshes exactly once and retries every request', async () => {
    localStorage.setItem('authToken', 'old');
    localStorage.setItem('refreshToken', 'refresh-old');
    let refreshCalls = 0;
    // the server answers the refresh only once it has refused all four requests, so every 401
    // meets a refresh in flight (the case under test), on no clock
    const requests = 4;
    let refused = 0;
    let allRefused!: () => void;
    const refusedAll = new Promise<void>((r) => (allRefused = r));
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      if (url === '/api/auth/refresh') {
        refreshCalls++;
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-old' });
        await refusedAll;
        return ok({ accessToken: 'new', refreshToken: 'refresh-new' });
      }
      if (auth === 'Bearer old') {
        if (++refused === requests) allRefused();
        return fail(401, 'AUTH-1002');
      }
      return ok({ url, auth });
    });
    const results = await Promise.all([api.get('/api/a'), api.get('/api/b'), api.post('/api/c', { x: 1 }), api.get('/api/d')]);
    expect(refreshCalls).toBe(1);
    expect(results.map((r) => (r as { auth: string }).auth)).toEqual(['Bearer new', 'Bearer new', 'Bearer new', 'Bearer new']);
    expect(localStorage.getItem('authToken')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
  });

  it('with an expired access token stored, refreshes first: one refresh, no 401 round trip', async () => {
    localStorage.setItem('authToken', jwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem('refreshToken', 'refresh-old');
    const fresh = jwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 900 });
    let refreshCalls = 0;
    let unauthorized = 0;
    // the server holds the refresh's answer until the test lets it go, once all three calls
    // have been made: each of them meets the refresh in flight, on no clock
    let answerRefresh!: () => void;
    const refreshAnswered = new Promise<void>((r) => (answerRefresh = r));
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      if (url === '/api/auth/refresh') {
        refreshCalls++;
        await refreshAnswered;
        return ok({ accessToken: fresh, refreshToken: 'refresh-new' });
      }
      if (auth !== `Bearer ${fresh}`) {
        unauthorized++;
        return fail(401, 'AUTH-1002');
      }
      return ok({ url });
    });
    // the start-up check of the session (an auth call) and the page's own calls
    const calls = Promise.all([api.get('/api/auth/validate'), api.get('/api/a'), api.post('/api/b', { x: 1 })]);
    await vi.waitFor(() => expect(refreshCalls).toBeGreaterThan(0));
    answerRefresh();
    await calls;
    expect(refreshCalls).toBe(1);
    expect(unauthorized).toBe(0);
    expect(localStorage.getItem('authToken')).toBe(fresh);
    // a token that is still valid goes as it is
    await api.get('/api/c');
    expect(refreshCalls).toBe(1);
  });

  it('does not refresh again for a new token its own clock calls expired (a clock running ahead)', async () => {
    const past = () => jwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) - 3600 });
    localStorage.setItem('authToken', past());
    localStorage.setItem('refreshToken', 'r');
    let refreshCalls = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/refresh') {
        refreshCalls++;
        return ok({ accessToken: past(), refreshToken: 'r2' });
      }
      return ok({ url });
    });
    await api.get('/api/a');
    await api.get('/api/b');
    expect(refreshCalls).toBe(1);
  });

  it('when the refresh fails: clears the session and broadcasts one unauthorized event', async () => {
    localStorage.setItem('authToken', 'old');
    localStorage.setItem('refreshToken', 'refresh-old');
    localStorage.setItem('user', '{"id":"u"}');
    const events: Event[] = [];
    const onEvent = (e: Event) => events.push(e);
    window.addEventListener(UNAUTHORIZED_EVENT, onEvent);
    let refreshCalls = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/refresh') {
        refreshCalls++;
        return fail(401, 'AUTH-1003');
      }
      return fail(401, 'AUTH-1002');
    });
    const outcomes = await Promise.allSettled([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    window.removeEventListener(UNAUTHORIZED_EVENT, onEvent);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(refreshCalls).toBe(1);
    expect(events).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the session when the refresh gets no answer (offline)', async () => {
    localStorage.setItem('authToken', jwt({ sub: 'u', exp: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem('refreshToken', 'r');
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/a')).rejects.toMatchObject({ kind: 'network' });
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('never refreshes for auth or game calls', async () => {
    localStorage.setItem('authToken', 'old');
    localStorage.setItem('refreshToken', 'r');
    fetchMock.mockImplementation(async () => fail(401, 'AUTH-1002'));
    await expect(api.get('/api/auth/validate')).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/games/sessions/start', {})).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/validate', '/api/games/sessions/start']);
    expect(localStorage.getItem('authToken')).toBe('old');
  });

  it('times out after the configured time with the timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p = api.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = (await p) as ApiError;
    vi.useRealTimers();
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('요청 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요.');
  });
});
