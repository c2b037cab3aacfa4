/**
 * Why an import run failed or an item was rejected, kept as a code with its facts and said in
 * the reader's language when the report is read (docs/job-postings.md "Imports"). A note is
 * stored as `CODE` or `CODE {"name":value}` in the run's `error` and the item's `reason`; a text
 * stored before the codes (a sentence) is shown as it is.
 */
import { formText, isFormTextKey, type FormIssueLike, formIssueKey } from '@moim/contract';
import type { z } from 'zod';
import { renderErrorText, type ErrorTextKey } from '../../../i18n/error-texts.ts';
import type { Locale } from '../../../i18n/messages.ts';

const NOTE_TEXT = {
  SOURCE_DELETED: 'jobs.import.sourceDeleted',
  HTTP_STATUS: 'jobs.import.httpStatus',
  BLOCKED_ADDRESS: 'jobs.import.blockedAddress',
  FEED_TIMEOUT: 'jobs.import.feedTimeout',
  FEED_TOO_LARGE: 'jobs.import.feedTooLarge',
  BAD_CONTENT_TYPE: 'jobs.import.badContentType',
  FETCH_FAILED: 'jobs.import.fetchFailed',
  TOO_MANY_ITEMS: 'jobs.import.tooManyItems',
  JSON_UNREADABLE: 'jobs.import.jsonUnreadable',
  JSON_NO_LIST: 'jobs.import.jsonNoList',
  FEED_UNREADABLE: 'jobs.import.feedUnreadable',
  COLUMN_COUNT: 'jobs.import.columnCount',
  CSV_ERROR: 'jobs.import.csvError',
  INVALID: 'jobs.import.invalid',
  DUPLICATE_IN_FILE: 'jobs.import.duplicateInFile',
  SAVE_FAILED: 'jobs.import.saveFailed',
  READ_FAILED: 'jobs.import.readFailed',
} as const satisfies Record<string, ErrorTextKey>;
export type ImportNoteCode = keyof typeof NOTE_TEXT;
export type NoteParams = Record<string, string | number>;

export interface ImportNote {
  code: ImportNoteCode;
  params?: NoteParams;
}

/** A run that cannot be read: fails with its note. */
export class ImportFailure extends Error {
  constructor(
    readonly note: ImportNote,
    options?: { cause?: unknown },
  ) {
    super(encodeNote(note), options);
    this.name = 'ImportFailure';
  }
}

const isCode = (s: string): s is ImportNoteCode => Object.hasOwn(NOTE_TEXT, s);

export function encodeNote(note: ImportNote): string {
  return note.params && Object.keys(note.params).length ? `${note.code} ${JSON.stringify(note.params)}` : note.code;
}

function decodeNote(stored: string): ImportNote | null {
  const m = /^([A-Z_]+)(?: (\{[\s\S]*\}))?$/.exec(stored);
  if (!m || !isCode(m[1]!)) return null;
  if (!m[2]) return { code: m[1] };
  try {
    return { code: m[1], params: JSON.parse(m[2]) as NoteParams };
  } catch {
    return null;
  }
}

/**
 * An item's validation issues as one param (`path=key/limit;…`, three at most) — the form
 * catalogue's keys, rendered in the reader's language when read.
 */
export function invalidNote(error: z.ZodError): ImportNote {
  const fields = error.issues
    .slice(0, 3)
    .map((i) => {
      const text = formIssueKey(i as FormIssueLike);
      return `${i.path.join('.') || '-'}=${text.key}${text.limit === undefined ? '' : `/${text.limit}`}`;
    })
    .join(';');
  return { code: 'INVALID', params: { fields, more: Math.max(0, error.issues.length - 3) } };
}

function invalidFields(fields: string, locale: Locale): string {
  return fields
    .split(';')
    .map((part) => {
      const [path = '', rule = ''] = part.split('=');
      const [key = '', limit] = rule.split('/');
      const text = isFormTextKey(key) ? formText({ key, ...(limit ? { limit: Number(limit) } : {}) }, locale) : key;
      return `${path === '-' ? '' : `${path}: `}${text}`;
    })
    .join('; ');
}

/** A stored note in the reader's language (a stored sentence of old as it is). */
export function renderNote(stored: string | null, locale: Locale): string | null {
  if (stored === null) return null;
  const note = decodeNote(stored);
  if (!note) return stored;
  const params: NoteParams = { ...note.params };
  if (note.code === 'INVALID') params.fields = invalidFields(String(params.fields ?? ''), locale);
  const text = renderErrorText({ key: NOTE_TEXT[note.code], params }, locale);
  return note.code === 'INVALID' && Number(params.more) > 0
    ? `${text} ${renderErrorText({ key: 'jobs.import.more', params: { more: params.more! } }, locale)}`
    : text;
}
