/**
 * The API client (SPEC §7): bearer token from storage on every call, repeated array query
 * parameters, a 30 s timeout, and the envelope unwrapped: resolves with `data`, rejects with
 * an ApiError carrying the catalogue code and a user message.
 */
import { REQUEST_TIMEOUT_MS, STORAGE_KEYS, type Envelope, type ErrorBody } from '@moim/contract';
import { readLocal } from '../storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly kind: 'http' | 'timeout' | 'network' = 'http',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export function buildQuery(query?: Record<string, QueryValue>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** send the bearer token (default true) */
  auth?: boolean;
  timeoutMs?: number;
}

const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export async function rawRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const token = opts.auth === false ? null : readLocal(STORAGE_KEYS.authToken);
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${buildQuery(opts.query)}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (err) {
    const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', (err as Error).message, undefined, timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timeout);
  }
  let payload: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!res.ok || (payload && typeof payload === 'object' && (payload as { success?: boolean }).success === false)) {
    const body = payload as Partial<ErrorBody> | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? `HTTP-${res.status}`,
      body?.error?.message ?? body?.message ?? res.statusText,
      body?.error?.details,
    );
  }
  return (payload as Envelope<T> | null)?.data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => rawRequest<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => rawRequest<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => rawRequest<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => rawRequest<T>('PATCH', path, { ...opts, body: body ?? {} }),
  delete: <T>(path: string, opts?: RequestOptions) => rawRequest<T>('DELETE', path, opts),
};
