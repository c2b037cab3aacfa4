/** The sentence of a failure in the reader's language: what `<ErrorMessage>` shows (see error-message.tsx). */
import { ApiError, transportMessage, uiLocale } from '../api/client';
import type { MessageLocale } from '../api/error-messages';

export function errorText(error: unknown, opts: { locale?: MessageLocale; fallback?: string } = {}): string {
  const locale = opts.locale ?? uiLocale();
  // a sentence the page already wrote for its reader
  if (typeof error === 'string' && error.trim()) return error;
  const api = error instanceof ApiError ? error : error instanceof Error && error.cause instanceof ApiError ? error.cause : null;
  if (api) {
    if (api.kind !== 'http') return transportMessage(api.kind, locale);
    return api.message.trim() || transportMessage('http', locale);
  }
  return opts.fallback ?? transportMessage('http', locale);
}
