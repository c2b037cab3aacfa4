/**
 * The server's field errors on the form's fields. An answer may name the inputs at fault in
 * `error.details.fields` (`[{path: 'body.title', code, message}]`, the message already in the
 * reader's language, docs/api-wire.md); a react-hook-form form puts each message on its field:
 *   catch (err) { placeServerFieldErrors(err, form); setFailure(err); }
 * A path is the body's (`body.links.github`, `body.positions.0.name`); `rename` turns it (without
 * `body.`) into the form's own name when the form and the body differ, or null to leave it to
 * the form-level message (which shows the server's message anyway, <ErrorMessage>).
 */
import type { ErrorField } from '@moim/contract';
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * The fields an answer names: `details.fields`, or a single `details.field` (a body key, as the
 * users module answers a taken e-mail or username) whose message is the answer's own.
 */
export function serverFieldErrors(error: unknown): ErrorField[] {
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== 'object') return [];
  const details = error.details as { fields?: unknown; field?: unknown };
  if (Array.isArray(details.fields)) return details.fields.filter(isField);
  if (typeof details.field === 'string' && details.field)
    return [{ path: `body.${details.field}`, code: error.code, message: error.message }];
  return [];
}

/** The server's message for one body field (`name` without `body.`), for a form without react-hook-form. */
export function serverFieldError(error: unknown, name: string): string | undefined {
  return serverFieldErrors(error).find((f) => f.path === `body.${name}`)?.message;
}

function isField(f: unknown): f is ErrorField {
  return !!f && typeof f === 'object' && typeof (f as ErrorField).path === 'string' && typeof (f as ErrorField).message === 'string';
}

function holds(values: unknown, path: string): boolean {
  let at = values;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

export interface ServerFieldForm<V extends FieldValues> {
  setError: UseFormSetError<V>;
  getValues: UseFormGetValues<V>;
}

/**
 * Sets each named field's error (`type: 'server'`) and focuses the first; returns the names of
 * the fields that got one (a multi-step form opens the step of the first). A path lands when the
 * form's values have it (a key left undefined counts); the first message per field wins.
 */
export function placeServerFieldErrors<V extends FieldValues>(
  error: unknown,
  form: ServerFieldForm<V>,
  rename: (path: string) => string | null = (path) => path,
): FieldPath<V>[] {
  const seen = new Set<FieldPath<V>>();
  for (const f of serverFieldErrors(error)) {
    const path = rename(f.path.replace(/^body(\.|$)/, ''));
    if (!path || !holds(form.getValues(), path)) continue;
    const name = path as FieldPath<V>;
    if (seen.has(name)) continue;
    form.setError(name, { type: 'server', message: f.message }, { shouldFocus: seen.size === 0 });
    seen.add(name);
  }
  return [...seen];
}
