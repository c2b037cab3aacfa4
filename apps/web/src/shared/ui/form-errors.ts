/**
 * Form validation messages in the UI language. Zod schemas (the contract's or a page's) are
 * parsed with `formErrorMap`, which turns each issue into a key of the shared `form.*`
 * catalogue (with its limit after a colon); `fieldError(t, message)` renders it.
 *   useForm({ resolver: zodResolver(schema, { error: formErrorMap }) })
 */
import { formKeyOf, formText, type MessageLocale } from '@moim/contract';
import type { TFunction } from 'i18next';
import type { FieldValues, ResolverError, ResolverResult } from 'react-hook-form';

interface IssueLike {
  code?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  input?: unknown;
  message?: string;
}

export function formErrorMap(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'form.required' : 'form.invalid';
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'form.required';
      return `form.tooShort:${String(issue.minimum)}`;
    case 'too_big':
      return `form.tooLong:${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'form.email';
      if (issue.format === 'url') return 'form.url';
      return 'form.format';
    case 'custom':
      return issue.message?.startsWith('form.') ? issue.message : 'form.invalid';
    default:
      return 'form.invalid';
  }
}

export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith('form.')) return message;
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
