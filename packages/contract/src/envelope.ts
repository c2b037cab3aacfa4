import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/** Success envelope: `{ success: true, data }` (GUIDE §2). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** One input that broke a rule: where (`body.title`, `query.size`), which rule, and what to do, in the reader's language. */
export const errorField = z.object({
  path: z.string(),
  /** the rule: a zod issue code (`too_small`, `invalid_format`…), `missing`, or a catalogue key (`duplicate`) */
  code: z.string(),
  message: z.string(),
});
export type ErrorField = z.infer<typeof errorField>;

/**
 * `error.details`, one shape for every answer (docs/api-wire.md): `fields` names the inputs at
 * fault; `reason` is a machine-readable sub-reason in UPPER_SNAKE_CASE (`NO_REVEALS_LEFT`);
 * `retryAfterSeconds` mirrors `Retry-After`; any other key is a scalar fact about the current
 * state the client may act on (`status`, `turn`, `deadline`).
 */
export const errorDetails = z
  .object({
    fields: z.array(errorField).optional(),
    reason: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .optional(),
    retryAfterSeconds: z.number().int().min(0).optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
type ErrorFact = string | number | boolean | null;
export interface ErrorDetails {
  fields?: ErrorField[];
  reason?: string;
  retryAfterSeconds?: number;
  [fact: string]: ErrorFact | ErrorField[] | undefined;
}

export const errorBody = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: errorDetails.optional(),
  }),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type Envelope<T> = { success: true; data: T };

/** Spring-style page (GUIDE §2): `?page=0&size=10&sort=createdAt,desc`. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
  });
}
export type Page<T> = {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
};

/** The answers of a DELETE (one schema each, shared by the server's routes and the web's calls). */
export const deletedResult = z.object({ deleted: z.literal(true) });
export const deletedWithId = z.object({ id: z.string(), deleted: z.literal(true) });
export const deletedCount = z.object({ deleted: z.number().int() });
export const deletedFlag = z.object({ deleted: z.boolean() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_]+(,(asc|desc))?$/)
    .default('createdAt,desc'),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function toPage<T>(content: T[], total: number, q: { page: number; size: number }): Page<T> {
  const totalPages = Math.max(1, Math.ceil(total / q.size));
  return {
    content,
    number: q.page,
    size: q.size,
    totalElements: total,
    totalPages: total === 0 ? 0 : totalPages,
    first: q.page === 0,
    last: q.page >= totalPages - 1,
  };
}
