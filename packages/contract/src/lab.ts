/**
 * Lab tools (/api/lab): saved Team Shuffle rosters and the Spotlight Arena draw history of a
 * signed-in user. Only the owner reads or changes them. Every input is bounded.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { ARENA_DART_MODES, ARENA_GAME_CODES, LAB_LIMITS } from './lab-rules.ts';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One line of plain text: trimmed, no control characters, no lone surrogates. */
export const labText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL.test(s) && !LONE_SURROGATE.test(s), { message: 'form.unsafeText' });

export const labPersonName = labText(LAB_LIMITS.personName).min(1);
export const labTagKey = labText(LAB_LIMITS.tagKey).min(1);

export const labPerson = z.object({
  name: labPersonName,
  tags: z
    .record(labTagKey, labText(LAB_LIMITS.tagValue))
    .superRefine((t, ctx) => {
      // as zod's own "too many" (the form catalogue's tooMany with the limit)
      if (Object.keys(t).length > LAB_LIMITS.tagsPerPerson)
        ctx.addIssue({ code: 'too_big', origin: 'array', maximum: LAB_LIMITS.tagsPerPerson, inclusive: true, input: t });
    })
    .default({}),
});
export type LabPerson = z.infer<typeof labPerson>;

const nameGroup = z.array(labPersonName).min(2).max(LAB_LIMITS.groupSize);

export const shuffleSettings = z.object({
  split: z.object({
    by: z.enum(['count', 'size']),
    value: z.number().int().min(1).max(1000),
    allowSingles: z.boolean().default(false),
  }),
  together: z.array(nameGroup).max(LAB_LIMITS.constraintGroups).default([]),
  apart: z.array(nameGroup).max(LAB_LIMITS.constraintGroups).default([]),
  balanceBy: labTagKey.nullable().default(null),
  spreadLast: z.number().int().min(0).max(LAB_LIMITS.recentResults).default(0),
  /** team-name theme id, or "custom" */
  theme: z
    .string()
    .regex(/^[a-z-]{1,20}$/)
    .default('default'),
  /** team names of the "custom" theme */
  customNames: z.array(labText(LAB_LIMITS.personName)).max(LAB_LIMITS.teams).default([]),
});
export type ShuffleSettings = z.infer<typeof shuffleSettings>;

/** Earlier results, most recent first: teams of names. */
const recentResults = z
  .array(z.array(z.array(labPersonName).max(LAB_LIMITS.rosterPeople)).max(LAB_LIMITS.teams))
  .max(LAB_LIMITS.recentResults);

export const rosterBody = z
  .object({
    name: labText(LAB_LIMITS.rosterName).min(1),
    people: z.array(labPerson).min(1).max(LAB_LIMITS.rosterPeople),
    settings: shuffleSettings.nullable().default(null),
    recent: recentResults.default([]),
  })
  .refine((r) => new Set(r.people.map((p) => p.name)).size === r.people.length, { message: 'form.namesRepeat', path: ['people'] });
export type RosterBody = z.input<typeof rosterBody>;

export const roster = z.object({
  id: z.string(),
  name: z.string(),
  people: z.array(z.object({ name: z.string(), tags: z.record(z.string(), z.string()) })),
  settings: shuffleSettings.nullable(),
  recent: z.array(z.array(z.array(z.string()))),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Roster = z.infer<typeof roster>;

export const rosterSummary = z.object({ id: z.string(), name: z.string(), peopleCount: z.number().int(), updatedAt: z.string() });
export type RosterSummary = z.infer<typeof rosterSummary>;
export const rosterPage = page(rosterSummary);
export const rosterListQuery = pageQuery.extend({ sort: z.enum(['updatedAt,desc', 'name,asc']).default('updatedAt,desc') });
export const labIdParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Spotlight Arena draws

export const drawBody = z
  .object({
    /** made by the browser, so the same draw sent twice (or imported again) is kept once */
    clientId: z.uuid(),
    game: z.enum(ARENA_GAME_CODES),
    mode: z.enum(ARENA_DART_MODES).nullable().default(null),
    seed: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(LAB_LIMITS.seed),
    entries: z
      .array(z.object({ name: labPersonName, weight: z.number().int().min(1).max(LAB_LIMITS.arenaWeight).default(1) }))
      .min(1)
      .max(LAB_LIMITS.arenaParticipants),
    count: z.number().int().min(1).max(LAB_LIMITS.arenaWinners),
    allowRepeat: z.boolean(),
    excluded: z.array(labPersonName).max(LAB_LIMITS.arenaParticipants).default([]),
    winners: z.array(labPersonName).min(1).max(LAB_LIMITS.arenaWinners),
    /** when it was played (imports from the browser's history); now when absent */
    playedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((d) => new Set(d.entries.map((e) => e.name)).size === d.entries.length, { message: 'form.namesRepeat', path: ['entries'] })
  .refine((d) => (d.game === 'DART_WHEEL') === (d.mode !== null), { message: 'form.modeOnlyDartWheel', path: ['mode'] })
  .refine((d) => !d.excluded.some((n) => d.entries.some((e) => e.name === n)), { message: 'form.excludedEntry', path: ['excluded'] });
export type DrawBody = z.input<typeof drawBody>;

export const draw = z.object({
  id: z.string(),
  clientId: z.string(),
  game: z.enum(ARENA_GAME_CODES),
  mode: z.enum(ARENA_DART_MODES).nullable(),
  seed: z.string(),
  entries: z.array(z.object({ name: z.string(), weight: z.number().int() })),
  count: z.number().int(),
  allowRepeat: z.boolean(),
  excluded: z.array(z.string()),
  winners: z.array(z.string()),
  playedAt: z.string(),
});
export type Draw = z.infer<typeof draw>;
export const drawPage = page(draw);
export const drawListQuery = pageQuery.extend({ sort: z.enum(['playedAt,desc', 'playedAt,asc']).default('playedAt,desc') });

export const drawImportBody = z.object({ draws: z.array(drawBody).min(1).max(LAB_LIMITS.importBatch) });
export const drawImportResult = z.object({ imported: z.number().int(), skipped: z.number().int() });

export const drawStats = z.object({
  draws: z.number().int(),
  participants: z.array(z.object({ name: z.string(), appearances: z.number().int(), wins: z.number().int() })),
});
export type DrawStats = z.infer<typeof drawStats>;
