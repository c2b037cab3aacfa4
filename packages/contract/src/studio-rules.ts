/**
 * The studio's choices, limits and pure helpers, without zod (./studio.ts holds the wire's schemas):
 * the studio's pages import these, and zod belongs to the form routes' chunk (docs/web-performance.md "Zod only where a form is").
 */

export const STUDIO_PURPOSES = [
  'INFORMATION',
  'MARKETING',
  'ESSAY',
  'PRODUCT_REVIEW',
  'TUTORIAL',
  'RESUME',
  'README',
  'RETROSPECTIVE',
  'PROPOSAL',
  'OTHER',
] as const;

export type StudioPurpose = (typeof STUDIO_PURPOSES)[number];

/** The reviewer tones of the original product; WARM_MENTOR is the default. */
export const STUDIO_TONES = ['SNS', 'RESUME_EXPERT', 'FRIENDLY_FRIEND', 'PRO_EDITOR', 'WARM_MENTOR', 'BLUNT_CRITIC'] as const;

export type StudioTone = (typeof STUDIO_TONES)[number];

export const DEFAULT_STUDIO_TONE: StudioTone = 'WARM_MENTOR';

export const STUDIO_STATUSES = ['SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED', 'FAILED'] as const;

export type StudioStatus = (typeof STUDIO_STATUSES)[number];

export const isTerminalStudioStatus = (s: StudioStatus) => s === 'COMPLETED' || s === 'FAILED';

export const STUDIO_LIMITS = {
  textMin: 30,
  textMax: 30_000,
  titleMax: 120,
  audienceMax: 80,
  urlMax: 2048,
  /** analyses a signed-in user may start per Seoul day */
  dailyQuota: 5,
  /** the same URL within this many hours returns the earlier analysis */
  urlReuseHours: 24,
  suggestionsMax: 200,
} as const;

/** Apply accepted replacements to a text (non-overlapping, any order); returns the new text. */
export function applySuggestions(text: string, accepted: ReadonlyArray<{ offset: number; length: number; replacement: string }>): string {
  const sorted = [...accepted].sort((a, b) => b.offset - a.offset);
  let out = text;
  let limit = Infinity;
  for (const a of sorted) {
    if (a.offset + a.length > limit) continue; // overlaps one applied already
    out = out.slice(0, a.offset) + a.replacement + out.slice(a.offset + a.length);
    limit = a.offset;
  }
  return out;
}
