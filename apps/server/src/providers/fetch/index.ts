/**
 * The one SSRF-safe fetcher for user-given URLs (see safe-fetch.ts and docs/studio.md "SSRF
 * policy"). Modules get it as `ctx.fetcher`:
 *
 *   const page = await ctx.fetcher.fetch(url);                           // HTML, 10 s, 2 MB
 *   const feed = await ctx.fetcher.fetch(url, { accept: FEED_TYPES });   // RSS/Atom
 *   // page.text is decoded (EUC-KR too), page.url is the final URL after redirects
 *   // failures: FetchError with .code (BLOCKED_ADDRESS, TIMEOUT, TOO_LARGE, HTTP_STATUS …)
 */
export { type AddressPolicy, PUBLIC_PORTS, addressRange, isPublicAddress, publicInternetPolicy } from './address-policy.ts';
export { canonicalCharset, decodeBody, parseContentType } from './charset.ts';
export {
  FEED_TYPES,
  FETCH_DEFAULTS,
  FetchError,
  type FetchErrorCode,
  HTML_TYPES,
  type Resolver,
  type SafeFetchOptions,
  type SafeFetchResult,
  type SafeFetcher,
  type SafeFetcherOptions,
  type SafePostOptions,
  type SafePostResult,
  createSafeFetcher,
} from './safe-fetch.ts';
