/**
 * Validation answers the games module writes itself (a DEDUCTION setup in a session's open
 * `metadata`, a result in its open `result` object): the inputs at fault as `error.details.fields`
 * (docs/api-wire.md), each message from the contract's form catalogue in the reader's language.
 */
import { type ErrorCode, type ErrorField, formIssueKey, formText } from '@moim/contract';
import type { z } from 'zod';
import type { Locale } from '../../i18n/messages.ts';

/** Zod issues as error fields under `prefix` (`body.metadata`), never the validator's English. */
export function issueFields(issues: readonly z.core.$ZodIssue[], prefix: string, locale: Locale): ErrorField[] {
  return issues.map((issue) => {
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    const path = [prefix, ...issue.path.map(String)].join('.');
    const text = formIssueKey({ ...issue, input: missing ? undefined : issue.input, missing });
    return { path, code: missing ? 'missing' : issue.code, message: formText(text, locale) };
  });
}

/** The VAL code of a set of fields (the HTTP error handler's rules). */
export function validationCode(fields: readonly ErrorField[]): ErrorCode {
  if (fields.length > 0 && fields.every((f) => f.code === 'missing')) return 'VAL-2003';
  if (fields.some((f) => f.code === 'too_big' || f.code === 'too_small')) return 'VAL-2004';
  if (fields.some((f) => f.code === 'invalid_format' || f.code === 'invalid_type')) return 'VAL-2002';
  return 'VAL-2001';
}
