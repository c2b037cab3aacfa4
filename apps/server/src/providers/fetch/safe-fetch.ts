/**
 * THE fetcher for user-given URLs (GUIDE §1: blog posts for the studio, RSS feeds for the jobs
 * navigator …). Safe against server-side request forgery:
 *
 * - http and https only; no credentials in the URL; ports from the policy (80, 443, 8080, 8443);
 * - every address is checked when the connection is made: IP literals before connecting, host
 *   names inside the socket's own `lookup`, so the address that is checked is the address that is
 *   dialled (DNS rebinding between a check and the connect cannot slip through); a host name
 *   with any refused address is refused as a whole;
 * - redirects are followed by hand (at most 5), each hop parsed and checked like the first;
 * - one deadline for the whole chain (10 s), a body limit counted after decompression (2 MB), the
 *   media type checked against what the caller accepts, the text decoded by charset (EUC-KR too).
 *
 * Failures are `FetchError`s with a stable `code` callers map to their own messages.
 */
import type { LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { type AddressPolicy, publicInternetPolicy } from './address-policy.ts';
import { decodeBody, parseContentType } from './charset.ts';

export type FetchErrorCode =
  | 'BAD_URL' // not a URL, too long, or carries credentials
  | 'BAD_SCHEME' // not http/https
  | 'BLOCKED_PORT'
  | 'BLOCKED_ADDRESS' // resolves to (or is) a refused address
  | 'DNS_FAILED'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_REDIRECT'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'BAD_CONTENT_TYPE'
  | 'HTTP_STATUS' // a status other than 2xx/304 (see `status`)
  | 'NETWORK';

export class FetchError extends Error {
  override readonly name = 'FetchError';
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  /** media types accepted (lower-case, without parameters); default `HTML_TYPES` */
  accept?: readonly string[];
  /** default 2 MiB, counted after decompression */
  maxBytes?: number;
  /** deadline for the whole redirect chain; default 10 s */
  timeoutMs?: number;
  /** default 5 */
  maxRedirects?: number;
  /** extra request headers (e.g. If-None-Match); dropped when a redirect leaves the origin */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface SafeFetchResult {
  /** the URL that answered, after redirects */
  url: string;
  /** every URL visited before it */
  redirects: string[];
  status: number;
  headers: IncomingMessage['headers'];
  /** lower-case media type without parameters ('' for a 304) */
  contentType: string;
  /** WHATWG name of the charset used to decode `text` */
  charset: string;
  body: Buffer;
  text: string;
}

/** A one-shot POST (no redirects followed): a web push message to a push service (RFC 8030). */
export interface SafePostOptions {
  body: Buffer;
  headers: Record<string, string>;
  /** default 10 s */
  timeoutMs?: number;
}

export interface SafePostResult {
  status: number;
  headers: IncomingMessage['headers'];
  /** the answer's first 4 KiB (push services explain refusals there) */
  text: string;
}

export interface SafeFetcher {
  fetch(url: string, opts?: SafeFetchOptions): Promise<SafeFetchResult>;
  /** POST to a user-given URL under the same address policy; any status is returned, not thrown. */
  post(url: string, opts: SafePostOptions): Promise<SafePostResult>;
}

export const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;
export const FEED_TYPES = ['application/rss+xml', 'application/atom+xml', 'application/xml', 'text/xml'] as const;

export const FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5, maxUrlLength: 2048 } as const;

/** Resolve a host name to every address it has (replaceable in tests to simulate DNS). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export interface SafeFetcherOptions {
  /** Only tests pass this (to reach a local server); production always uses `publicInternetPolicy`. */
  policy?: AddressPolicy;
  /** Only tests pass this (to answer a host name with chosen addresses). */
  resolver?: Resolver;
  userAgent?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const policy = options.policy ?? publicInternetPolicy;
  const resolver = options.resolver ?? systemResolver;
  const userAgent = options.userAgent ?? 'moim-fetch/1.0 (+https://moim.dev)';

  /** net.connect's lookup: resolve, refuse the host if any address is refused, answer in the shape asked for. */
  const guardedLookup: LookupFunction = (hostname, opts, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new FetchError('DNS_FAILED', `no address for ${hostname}`), '', 4);
        const refused = addresses.find((a) => !policy.allowAddress(a.address));
        if (refused) return callback(new FetchError('BLOCKED_ADDRESS', `${hostname} resolves to a refused address`), '', 4);
        const wanted = opts.family === 4 || opts.family === 6 ? addresses.filter((a) => a.family === opts.family) : addresses;
        if (wanted.length === 0) return callback(new FetchError('DNS_FAILED', `no IPv${opts.family} address for ${hostname}`), '', 4);
        if (opts.all) return (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) =>
        callback(new FetchError('DNS_FAILED', `cannot resolve ${hostname}: ${err.code ?? err.message}`), '', 4),
    );
  };

  function checkUrl(raw: string, code: FetchErrorCode = 'BAD_URL'): URL {
    if (raw.length > FETCH_DEFAULTS.maxUrlLength) throw new FetchError(code, 'URL too long');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FetchError(code, 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('BAD_SCHEME', `scheme ${url.protocol} is not allowed`);
    if (url.username || url.password) throw new FetchError(code, 'credentials in URLs are not allowed');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    if (!policy.allowPort(port, url.protocol)) throw new FetchError('BLOCKED_PORT', `port ${port} is not allowed`);
    // WHATWG parsing already turned 0x7f.1, 2130706433 and friends into dotted IPv4.
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    if (isIP(host) && !policy.allowAddress(host)) throw new FetchError('BLOCKED_ADDRESS', `address ${host} is not allowed`);
    return url;
  }

  function request(
    url: URL,
    headers: Record<string, string>,
    signal: AbortSignal,
    send?: { method: 'POST'; body: Buffer },
  ): Promise<IncomingMessage> {
    const mod = url.protocol === 'https:' ? https : http;
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return new Promise((resolve, reject) => {
      const req = mod.request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: send?.method ?? 'GET',
          headers,
          // A fresh socket per request: no pooled connection to a host checked earlier.
          agent: false,
          lookup: guardedLookup,
          signal,
          ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        },
        resolve,
      );
      req.on('error', (err) => reject(err));
      req.end(send?.body);
    });
  }

  async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      throw new FetchError('TOO_LARGE', `body of ${declared} bytes exceeds ${maxBytes}`);
    }
    const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
    let stream: Readable = res;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
    else if (encoding === 'deflate') stream = res.pipe(createInflate());
    else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw new FetchError('TOO_LARGE', `body exceeds ${maxBytes} bytes`);
        chunks.push(chunk as Buffer);
      }
    } finally {
      if (size > maxBytes || !res.complete) res.destroy();
    }
    return Buffer.concat(chunks);
  }

  async function fetchChain(raw: string, opts: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResult> {
    const accept = opts.accept ?? HTML_TYPES;
    const maxBytes = opts.maxBytes ?? FETCH_DEFAULTS.maxBytes;
    const maxRedirects = opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
    const redirects: string[] = [];
    let url = checkUrl(raw);
    const origin = url.origin;
    for (;;) {
      const extra = url.origin === origin ? (opts.headers ?? {}) : {};
      const headers: Record<string, string> = {
        'user-agent': userAgent,
        accept: `${accept.join(', ')};q=1, */*;q=0.1`,
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8',
        ...extra,
      };
      const res = await request(url, headers, signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new FetchError('BAD_REDIRECT', `redirect ${status} without a Location`);
        if (redirects.length >= maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new FetchError('BAD_REDIRECT', 'redirect to an invalid URL');
        }
        redirects.push(url.toString());
        url = checkUrl(next, 'BAD_REDIRECT');
        continue;
      }
      if (status === 304) {
        res.resume();
        return {
          url: url.toString(),
          redirects,
          status,
          headers: res.headers,
          contentType: '',
          charset: 'utf-8',
          body: Buffer.alloc(0),
          text: '',
        };
      }
      if (status < 200 || status > 299) {
        res.resume();
        throw new FetchError('HTTP_STATUS', `the server answered ${status}`, status);
      }
      const { mediaType, charset } = parseContentType(res.headers['content-type']);
      if (!accept.includes(mediaType)) {
        res.destroy();
        throw new FetchError('BAD_CONTENT_TYPE', `content type ${mediaType || '(none)'} is not accepted`);
      }
      const body = await readBody(res, maxBytes);
      const decoded = decodeBody(body, charset);
      return {
        url: url.toString(),
        redirects,
        status,
        headers: res.headers,
        contentType: mediaType,
        charset: decoded.charset,
        body,
        text: decoded.text,
      };
    }
  }

  function failure(err: unknown, deadline: AbortSignal, signal: AbortSignal): FetchError {
    if (err instanceof FetchError) return err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof FetchError) return cause;
    if (deadline.aborted) return new FetchError('TIMEOUT', 'the fetch took too long');
    if (signal.aborted) return new FetchError('NETWORK', 'the fetch was cancelled');
    return new FetchError('NETWORK', (err as Error).message ?? String(err));
  }

  return {
    async post(raw, opts) {
      const deadline = AbortSignal.timeout(opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs);
      try {
        const url = checkUrl(raw);
        const res = await request(url, { 'user-agent': userAgent, ...opts.headers }, deadline, { method: 'POST', body: opts.body });
        const body = await readBody(res, 4096).catch(() => Buffer.alloc(0));
        return { status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') };
      } catch (err) {
        throw failure(err, deadline, deadline);
      }
    },
    async fetch(raw, opts = {}) {
      const deadline = AbortSignal.timeout(opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs);
      const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
      try {
        return await fetchChain(raw, opts, signal);
      } catch (err) {
        if (err instanceof FetchError) throw err;
        const cause = (err as { cause?: unknown }).cause;
        if (cause instanceof FetchError) throw cause;
        if (deadline.aborted) throw new FetchError('TIMEOUT', 'the fetch took too long');
        if (signal.aborted) throw new FetchError('NETWORK', 'the fetch was cancelled');
        throw new FetchError('NETWORK', (err as Error).message ?? String(err));
      }
    },
  };
}
