/**
 * The reader's language for a request's messages (docs/api-wire.md "Languages"): the best of
 * `ko` and `en` in its `Accept-Language` (the web sends the language its interface shows),
 * Korean when it names neither.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../i18n/messages.ts';

export function localeFromAcceptLanguage(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const lang = tag.trim().toLowerCase().split('-')[0];
    if (lang !== 'ko' && lang !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: lang, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}
