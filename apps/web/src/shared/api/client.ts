/**
 * The API client (SPEC §7, §8, §9): bearer token from storage on every call, repeated array
 * query parameters, a 30 s timeout, and the envelope unwrapped: resolves with `data`, rejects
 * with an ApiError whose `message` is the user message of SPEC §8 (`serverMessage` keeps the
 * server's words).
 *
 * Session renewal: a 401 from a call that is neither an auth call (/api/auth/*) nor a game call
 * (/api/games/*) triggers ONE refresh (POST /api/auth/refresh {refreshToken}); requests that
 * fail or start meanwhile wait for it and are retried once with the new token. If the refresh
 * fails, tokens and user are cleared and `auth:unauthorized` is dispatched on window once.
 * An access token whose `exp` has passed (by this browser's clock) is renewed before those calls
 * and the start-up validation are made, not after their 401s; a token revoked on the server
 * still goes through the 401 → refresh → retry path.
 */
import { REQUEST_TIMEOUT_MS, type Envelope, type ErrorBody } from '@moim/contract';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from '../auth/token-store';
import type * as ErrorMessages from './error-messages';
import type { ErrorLike, MessageLocale } from './error-messages';
import { authPrefix, gamesPrefix, shellPaths } from './paths/shell';

export const UNAUTHORIZED_EVENT = 'auth:unauthorized';

/**
 * The user messages (./error-messages with the contract's error catalogue, ≈ 3 KB gzip) are a
 * chunk of their own: a normal visit makes no failing call. The client loads them before it
 * makes an ApiError (`send` is async anyway), so `message` is the full SPEC §8 message as before.
 */
let messages: typeof ErrorMessages | null = null;
let loadingMessages: Promise<typeof ErrorMessages> | null = null;
export function loadErrorMessages(): Promise<typeof ErrorMessages> {
  loadingMessages ??= import('./error-messages').then(
    (m) => (messages = m),
    (err: unknown) => {
      loadingMessages = null; // offline: try again with the next failure
      throw err;
    },
  );
  return loadingMessages;
}
/** Never rejects: without the chunk (offline), `fallbackMessage` speaks. */
export const errorMessagesReady = (): Promise<void> =>
  loadErrorMessages().then(
    () => undefined,
    () => undefined,
  );

const FALLBACK = {
  timeout: { ko: '요청 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요.', en: 'The request timed out. Please try again.' },
  network: { ko: '네트워크 연결을 확인해 주세요.', en: 'Please check your network connection.' },
  http: { ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.', en: 'Something went wrong. Please try again later.' },
} as const;

/** What to say when no answer came (timeout, network) or it said nothing usable (http), in `locale`. */
export function transportMessage(kind: ApiErrorKind, locale: MessageLocale): string {
  return FALLBACK[kind][locale];
}

/** The message of SPEC §8; before the catalogue has arrived (offline), a transport or generic one. */
export function userMessage(error: ErrorLike & { kind: ApiErrorKind }, locale: MessageLocale): string {
  if (messages) return messages.toUserMessage(error, locale);
  void errorMessagesReady();
  return FALLBACK[error.kind][locale];
}

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string;
  readonly details: unknown;
  readonly kind: ApiErrorKind;
  constructor(init: {
    status: number;
    code: string;
    serverMessage: string;
    details?: unknown;
    kind?: ApiErrorKind;
    message?: string;
    /** serverMessage is the envelope's own (moim's message in the UI language) */
    fromServer?: boolean;
  }) {
    const kind = init.kind ?? 'http';
    super(
      init.message ??
        userMessage({ code: init.code, message: init.serverMessage, status: init.status, kind, fromServer: init.fromServer }, uiLocale()),
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.details = init.details;
    this.kind = kind;
  }
}

/** The UI language, read from <html lang> so this module needs no i18n import. */
export function uiLocale(): MessageLocale {
  return typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'ko';
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

/**
 * A response schema: a contract zod schema (only `parse` is used, so this module needs no zod).
 * Pass it as `schema: import.meta.env.DEV && contractSchema`: development and tests check every
 * response against the contract (a mismatch rejects with a ContractError naming the call), and
 * production builds fold the expression to `false`, so zod and the schema stay out of the chunk.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** An array of `item` (a contract schema for one element), without importing zod here. */
export function arrayOf<T>(item: ResponseSchema<T>): ResponseSchema<T[]> {
  return {
    parse(data) {
      if (!Array.isArray(data)) throw new Error(`expected an array, got ${data === null ? 'null' : typeof data}`);
      return data.map((x, i) => {
        try {
          return item.parse(x);
        } catch (err) {
          throw new Error(`[${i}]: ${(err as Error)?.message ?? String(err)}`, { cause: err });
        }
      });
    },
  };
}

/** `item` or null (e.g. "my review", when there is none). */
export function orNull<T>(item: ResponseSchema<T>): ResponseSchema<T | null> {
  return { parse: (data) => (data === null ? null : item.parse(data)) };
}

/** A response that does not match its contract schema (development and tests only). */
export class ContractError extends Error {
  constructor(method: string, path: string, cause: unknown) {
    super(`${method} ${path}: the response does not match the contract schema: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ContractError';
  }
}

export interface RequestOptions<T = unknown> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** send the bearer token (default true) */
  auth?: boolean;
  /** take part in the 401 → refresh → retry dance (default: every non-auth, non-game call) */
  refresh?: boolean;
  timeoutMs?: number;
  /** extra request headers (e.g. a capability token a guest holds) */
  headers?: Record<string, string>;
  /** the contract schema of `data` (see ResponseSchema): `import.meta.env.DEV && schema` */
  schema?: ResponseSchema<T> | false;
  /** a success is a file (its bytes as a Blob), not a JSON envelope; errors are still the envelope */
  binary?: boolean;
}

const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export const isAuthCall = (path: string) => path.startsWith(authPrefix);
export const isGameCall = (path: string) => path.startsWith(gamesPrefix);

/** One HTTP exchange, no renewal. */
async function send<T>(method: string, path: string, opts: RequestOptions<T>, token: string | null): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  // the server writes its messages in the language the page shows (docs/api-wire.md "Languages")
  const headers: Record<string, string> = {
    ...opts.headers,
    accept: opts.binary ? '*/*' : 'application/json',
    'accept-language': uiLocale(),
  };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
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
    if (opts.signal?.aborted) throw err;
    await errorMessagesReady();
    throw new ApiError({
      status: 0,
      code: timedOut ? 'TIMEOUT' : 'NETWORK',
      serverMessage: (err as Error)?.message ?? '',
      kind: timedOut ? 'timeout' : 'network',
    });
  } finally {
    clearTimeout(timeout);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (opts.binary && res.ok) return (await res.blob()) as T;
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
    await errorMessagesReady();
    throw new ApiError({
      status: res.status,
      code: body?.error?.code ?? `HTTP-${res.status}`,
      serverMessage: body?.error?.message ?? body?.message ?? `HTTP ${res.status}`,
      details: body?.error?.details,
      fromServer: typeof body?.error?.message === 'string',
    });
  }
  const data = (payload as Envelope<T> | null)?.data as T;
  // Production builds drop this block (and ContractError): callers pass `import.meta.env.DEV && schema` anyway.
  if (import.meta.env.DEV && opts.schema) {
    // Checked, not replaced: the caller gets the server's data as it came (the same in every build).
    try {
      opts.schema.parse(data);
    } catch (err) {
      throw new ContractError(method, path, err);
    }
  }
  return data;
}

let refreshing: Promise<boolean> | null = null;
/** The access token the last refresh brought (see `knownExpired`). */
let renewedToken: string | null = null;

/** A token is renewed this long before its `exp`, so that it does not expire on the way. */
export const EXPIRY_SKEW_MS = 10_000;

/** The `exp` (ms) of a JWT, read without verifying it (the server does); null when it has none or is not a JWT. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The stored access token has expired by this browser's clock: renew it before the call rather
 * than after a 401. A token the last refresh brought is never judged so (a clock running ahead
 * of the server's would otherwise renew before every call); the 401 path still covers it.
 */
function knownExpired(token: string | null): boolean {
  if (!token || token === renewedToken || !getRefreshToken()) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp - EXPIRY_SKEW_MS <= Date.now();
}

/** Renews the session once however many callers ask at the same time. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    try {
      if (!refreshToken) throw new Error('no refresh token');
      const data = await send<{ accessToken: string; refreshToken?: string }>(
        'POST',
        shellPaths.auth.refresh,
        { body: { refreshToken } },
        null,
      );
      if (!data?.accessToken) throw new Error('no access token');
      storeTokens(data.accessToken, data.refreshToken ?? refreshToken);
      renewedToken = data.accessToken;
      return true;
    } catch (err) {
      // No answer (offline, timeout): the session may well be fine; keep it, as the start-up check does.
      if (err instanceof ApiError && err.kind !== 'http') return false;
      clearSession();
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const renew = opts.refresh ?? (opts.auth !== false && !isAuthCall(path) && !isGameCall(path));
  // Requests that start while a refresh is running wait for it (the queue); an access token
  // known to have expired is renewed first (one refresh for every call that starts meanwhile),
  // for the start-up check of the session too, instead of being sent to earn a 401.
  if (renew || path === shellPaths.auth.validate) {
    if (opts.auth !== false && knownExpired(getAccessToken())) await refreshSession();
    else if (refreshing) await refreshing;
  }
  const sentToken = opts.auth === false ? null : getAccessToken();
  try {
    return await send<T>(method, path, opts, sentToken);
  } catch (err) {
    if (!renew || !(err instanceof ApiError) || err.status !== 401) throw err;
    // A guest without any session: nothing to renew.
    if (!sentToken && !getRefreshToken()) throw err;
    const current = getAccessToken();
    // Someone renewed the session while this request was in flight: just retry.
    if (current && current !== sentToken && !refreshing) return send<T>(method, path, opts, current);
    const ok = await refreshSession();
    if (!ok) throw err;
    return send<T>(method, path, opts, getAccessToken());
  }
}

/** The verbs; `T` is inferred from `opts.schema` when one is given. */
export const api = {
  get: <T>(path: string, opts?: RequestOptions<T>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PATCH', path, { ...opts, body: body ?? {} }),
  delete: <T>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
  /** a file to save (the session renewed like any call); errors are ApiErrors as usual */
  download: (path: string, opts?: Omit<RequestOptions<Blob>, 'binary' | 'schema'>) => request<Blob>('GET', path, { ...opts, binary: true }),
};
