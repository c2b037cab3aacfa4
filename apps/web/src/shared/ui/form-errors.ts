/**
 * Form validation messages in the UI language. Zod schemas (the contract's or a page's) are
 * parsed with `formErrorMap`, which turns each issue into a key of the shared `form.*`
 * catalogue (with its limit after a colon); `fieldError(t, message)` renders it.
 *   useForm({ resolver: zodResolver(schema, { error: formErrorMap }) })
 */
import { type FormIssueLike, formIssueKey, formKeyOf, formText, type MessageLocale } from '@moim/contract';
import { uiLocale } from '../api/client';
import type { TFunction } from '../i18n';
import type { FieldValues, ResolverError, ResolverResult } from 'react-hook-form';

/** A zod issue as `formErrorMap` gets it. */
type IssueLike = FormIssueLike;

/** The issue's key of the contract's form catalogue (`form.tooShort:8`), the same the server renders. */
export function formErrorMap(issue: IssueLike): string {
  const { key, limit } = formIssueKey(issue);
  return limit === undefined ? `form.${key}` : `form.${key}:${limit}`;
}

/** A field's message in the UI's language: a `form.*` key from the contract's catalogue, any other text as it is. */
export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith('form.')) return message;
  if (formKeyOf(message)) return formMessage(message, uiLocale());
  // a page's own key (not in the contract's catalogue)
  const [key, limit] = message.split(':');
  return t(key!, { ns: 'translation', count: Number(limit), limit });
}

/**
 * A message a schema set itself (`form.weekdaysRepeat`, `form.digitsAndDashes:…`) in one language,
 * from the contract's form catalogue; any other text as it is.
 */
export function formMessage(message: string, language: string): string {
  const key = formKeyOf(message);
  if (!key) return message;
  const limit = message.split(':')[1];
  const locale: MessageLocale = language.startsWith('en') ? 'en' : 'ko';
  return formText({ key, ...(limit ? { limit: Number(limit) } : {}) }, locale);
}

/** Whether a resolver answered with errors (narrows the result, so the success branch keeps its values' type). */
export function resolverFailed<V extends FieldValues, O>(r: ResolverResult<V, O>): r is ResolverError<V> {
  return Object.keys(r.errors).length > 0;
}
