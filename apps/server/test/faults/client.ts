/** The fault suite's HTTP client (re-exported by harness.ts): one JSON request with its own time-out. */

/** Wait `ms` (a simulated client's pace, never a wait for a condition). */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Reply<T = any> {
  status: number;
  body: T;
  ms: number;
  /** response headers, lower-case names ({} for a request that timed out) */
  headers: Record<string, string>;
}

/** One JSON request with its own time-out (a hung server answers status 0 here). */
export function request<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 10_000,
  extraHeaders: Record<string, string> = {},
): Promise<Reply<T>> {
  const t0 = performance.now();
  const headers: Record<string, string> = { ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(base + path, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  }).then(
    async (res) => {
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as T, ms: performance.now() - t0, headers: Object.fromEntries(res.headers) };
    },
    (err: Error) => {
      if (err.name === 'TimeoutError') return { status: 0, body: undefined as T, ms: performance.now() - t0, headers: {} };
      throw err;
    },
  );
}
