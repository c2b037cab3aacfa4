/**
 * Links people type, one rule for every address field of the product (projects' links, an
 * applicant's links, profile links, study pages and study events, job postings and feeds, the
 * studio's URL), used by the server's validation and the web's forms alike (docs/api-wire.md
 * "Links"): what is typed is first made into the address meant — "github.com/x" and
 * "www.x.com" get https://, a bare e-mail address gets mailto: where mail links are allowed —
 * and then only http(s) (and mailto: where allowed) addresses without spaces or control
 * characters pass; `javascript:`, `data:`, `ftp:` and the rest are refused (`form.url`).
 */
import { z } from 'zod';

/** "github.com/x", "www.moim.dev", "모임.한국:8080/a": a host name with a dot, then a path or nothing. */
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,63}(?::\d{1,5})?(?:[/?#]|$)/iu;
const BARE_EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
/** No whitespace, no control character, no lone surrogate anywhere in an address. */
// eslint-disable-next-line no-control-regex
const NOT_IN_LINK = /[\s\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
/** A path on this site ("/covers/a.png"), where a field also takes one. */
const SITE_PATH = /^\/(?!\/)\S*$/;
/** Longer than any field allows: left as typed for the length rule to refuse. */
const NORMALIZE_MAX = 4_000;

export interface LinkOptions {
  /** the longest address the field keeps */
  max: number;
  /** mailto: links too (a bare e-mail address becomes one) */
  mail?: boolean;
  /** a path on this site too ("/covers/a.png"; study pages' pictures) */
  sitePath?: boolean;
  /** host names only (no IP addresses or single-label hosts): addresses shown to everyone */
  domainOnly?: boolean;
}

/**
 * A link as people type it, made into the address they meant: trimmed; a host without a scheme
 * ("github.com/x", "//github.com/x", "www.x.com") gets https://; a bare e-mail address gets
 * mailto: when `mail` is set. Anything else is left as typed, for the link rule to judge.
 */
export function normalizeLink(value: string, opts: { mail?: boolean } = {}): string {
  const v = value.trim();
  if (v.length === 0 || v.length > NORMALIZE_MAX) return v;
  if (v.startsWith('//')) return BARE_HOST.test(v.slice(2)) ? `https:${v}` : v;
  if (BARE_HOST.test(v)) return `https://${v}`;
  if (opts.mail && BARE_EMAIL.test(v)) return `mailto:${v}`;
  return v;
}

/** Whether `value` (already normalized) is an address the field accepts. */
export function isAcceptedLink(value: string, opts: Omit<LinkOptions, 'max'> = {}): boolean {
  return linkTarget({ max: NORMALIZE_MAX, ...opts }).safeParse(value).success;
}

function linkTarget(o: LinkOptions) {
  const url = z
    .url({
      protocol: o.mail ? /^(https?|mailto)$/ : /^https?$/,
      ...(o.domainOnly ? { hostname: z.regexes.domain } : {}),
      message: 'form.url',
    })
    .max(o.max)
    // (a .regex() would replace `format: uri` in the OpenAPI document: a check of its own keeps both)
    .superRefine(
      (s, ctx) => {
        if (NOT_IN_LINK.test(s)) ctx.addIssue({ code: 'invalid_format', format: 'url', message: 'form.url', input: s });
      },
      // one issue per field: only an address the URL check let through is looked at again
      { when: (payload) => payload.issues.length === 0 },
    );
  if (!o.sitePath) return url;
  return z.union([url, z.string().max(o.max).regex(SITE_PATH, 'form.url')]);
}

/**
 * A required link: normalized (`normalizeLink`), then an http(s) address (mailto: with `mail`,
 * a site path with `sitePath`). A new schema per call: the OpenAPI conversion loses a schema used
 * twice in one body.
 */
export function linkField(o: LinkOptions) {
  return z.preprocess(
    // (typed as what forms send; anything else reaches the rule as it came and is refused there)
    (v: string) => (typeof v === 'string' ? normalizeLink(v, o) : v),
    linkTarget(o),
  );
}

/** An optional link: '' and null both mean "none" (null out); otherwise as `linkField`. */
export function optionalLinkField(o: LinkOptions) {
  return z
    .preprocess(
      (v: string | null | undefined) => (typeof v === 'string' ? normalizeLink(v, o) : v),
      z.union([z.literal(''), linkTarget(o)]).nullish(),
    )
    .transform((v) => v || null);
}
