/**
 * Studio, the writing assistant (docs/studio.md): submissions (text or URL), analyses with
 * their progress, results (ratings, comments, LanguageTool-style suggestions anchored to the
 * text), documents with versions, comparison of two versions, quotas and the guest trial.
 */
import { z } from 'zod';
import { page } from './envelope.ts';
import { linkField } from './links.ts';
import { emailField } from './accounts.ts';
import { addDays, seoulDate, seoulInstant } from './seoul-dates.ts';
import { DEFAULT_STUDIO_TONE, STUDIO_LIMITS, STUDIO_PURPOSES, STUDIO_STATUSES, STUDIO_TONES, type StudioStatus } from './studio-rules.ts';

/** Allowed status changes of an analysis (URL: SUBMITTED → FETCHING → ANALYZING; text skips FETCHING). */
export const STUDIO_TRANSITIONS: Record<StudioStatus, readonly StudioStatus[]> = {
  SUBMITTED: ['FETCHING', 'ANALYZING', 'FAILED'],
  FETCHING: ['ANALYZING', 'FAILED'],
  ANALYZING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
};
/** The statuses an analysis may move to `to` from. */
export const studioStatusesBefore = (to: StudioStatus): StudioStatus[] => STUDIO_STATUSES.filter((s) => STUDIO_TRANSITIONS[s].includes(to));

export const STUDIO_FAILURE_REASONS = [
  'URL_REFUSED', // the SSRF policy refused the address, port or scheme
  'FETCH_FAILED', // network error, DNS failure or an error status
  'FETCH_TIMEOUT',
  'FETCH_TOO_LARGE',
  'NOT_AN_ARTICLE', // wrong content type, or no article body found
  'TOO_SHORT', // fewer characters than an analysis needs
  'ANALYZER_ERROR',
] as const;
export type StudioFailureReason = (typeof STUDIO_FAILURE_REASONS)[number];

export const STUDIO_RATING_CATEGORIES = ['TITLE', 'OPENING', 'READABILITY', 'STRUCTURE', 'CLARITY', 'TONE'] as const;
export type StudioRatingCategory = (typeof STUDIO_RATING_CATEGORIES)[number];

export const SUGGESTION_CATEGORIES = [
  'SPELLING',
  'SPACING',
  'GRAMMAR',
  'PUNCTUATION',
  'STYLE',
  'CLARITY',
  'READABILITY',
  'STRUCTURE',
  'REPETITION',
] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export const SUGGESTION_SEVERITIES = ['ERROR', 'WARNING', 'HINT'] as const;

// NUL, other C0 controls except tab/newline/CR, and lone surrogates are refused (VAL-2002).
// eslint-disable-next-line no-control-regex
const SAFE_TEXT = /^(?:[^\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
// eslint-disable-next-line no-control-regex
const SAFE_LINE = /^(?:[^\u0000-\u001f\u007f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

export const studioText = z
  .string()
  .max(STUDIO_LIMITS.textMax * 2)
  .regex(SAFE_TEXT, { message: 'form.unsafeText' })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(STUDIO_LIMITS.textMin).max(STUDIO_LIMITS.textMax));

const line = (max: number) =>
  z
    .string()
    .max(max * 2)
    .regex(SAFE_LINE, { message: 'form.unsafeText' })
    .trim()
    .max(max);

/** the address of a post, as people type it ("velog.io/@me/post" → https://…; links.ts) */
export const studioUrl = linkField({ max: STUDIO_LIMITS.urlMax });

const options = {
  title: line(STUDIO_LIMITS.titleMax).optional(),
  purpose: z.enum(STUDIO_PURPOSES).default('OTHER'),
  audience: line(STUDIO_LIMITS.audienceMax).default(''),
  tone: z.enum(STUDIO_TONES).default(DEFAULT_STUDIO_TONE),
  /** language of the comments (the page's locale) */
  locale: z.enum(['ko', 'en']).default('ko'),
};

const textSubmission = z.object({ source: z.literal('TEXT'), text: studioText, ...options });
const urlSubmission = z.object({ source: z.literal('URL'), url: studioUrl, ...options });
export const studioSubmission = z.discriminatedUnion('source', [textSubmission, urlSubmission]);
export type StudioSubmission = z.infer<typeof studioSubmission>;
export type StudioSubmissionInput = z.input<typeof studioSubmission>;

/** A revised version of a document (always text; settings default to the previous version's). */
export const studioRevision = z.object({
  text: studioText,
  title: options.title,
  purpose: z.enum(STUDIO_PURPOSES).optional(),
  audience: line(STUDIO_LIMITS.audienceMax).optional(),
  tone: z.enum(STUDIO_TONES).optional(),
  locale: z.enum(['ko', 'en']).optional(),
});
export type StudioRevision = z.infer<typeof studioRevision>;

/** The guest trial: one analysis per email address, with consent to receive the result by mail. */
const trialFields = { email: emailField, consent: z.literal(true, { message: 'form.consentRequired' }) };
export const studioTrialRequest = z.discriminatedUnion('source', [textSubmission.extend(trialFields), urlSubmission.extend(trialFields)]);
export type StudioTrialRequest = z.infer<typeof studioTrialRequest>;

// ---------------------------------------------------------------------------------------------
// Results

/** One finding, in LanguageTool's match format: where, what, what to write instead, which rule. */
export const studioSuggestion = z.object({
  id: z.string(),
  /** UTF-16 offset into the analysed text */
  offset: z.number().int().min(0),
  length: z.number().int().min(0),
  /** the text at offset..offset+length when analysed */
  original: z.string(),
  message: z.string(),
  shortMessage: z.string(),
  /** best first; empty when the fix needs a rewrite */
  replacements: z.array(z.string()).max(5),
  rule: z.object({ id: z.string(), category: z.enum(SUGGESTION_CATEGORIES) }),
  severity: z.enum(SUGGESTION_SEVERITIES),
  /** index of the paragraph (block) the match is in */
  paragraph: z.number().int().min(0),
});
export type StudioSuggestion = z.infer<typeof studioSuggestion>;

export const studioRating = z.object({
  category: z.enum(STUDIO_RATING_CATEGORIES),
  score: z.number().int().min(1).max(5),
  comment: z.string(),
});
export type StudioRating = z.infer<typeof studioRating>;

export const studioMetrics = z.object({
  language: z.enum(['ko', 'en']),
  characters: z.number().int(),
  words: z.number().int(),
  sentences: z.number().int(),
  paragraphs: z.number().int(),
  headings: z.number().int(),
  avgWordsPerSentence: z.number(),
  longSentenceShare: z.number(),
  /** 0–100, higher is easier: the Korean index (docs/studio.md) or Flesch reading ease */
  readability: z.number(),
  readabilityScale: z.enum(['MOIM_KO', 'FLESCH']),
  readingMinutes: z.number(),
});
export type StudioMetrics = z.infer<typeof studioMetrics>;

export const studioResult = z.object({
  overall: z.object({ score: z.number().min(1).max(5), summary: z.string() }),
  ratings: z.array(studioRating),
  strengths: z.array(z.string()),
  growthPoints: z.array(z.string()),
  keywords: z.array(z.string()),
  detectedCategory: z.enum(STUDIO_PURPOSES),
  suggestions: z.array(studioSuggestion),
  metrics: studioMetrics,
  /** who wrote the assessment: the built-in analyzer or the configured model */
  provider: z.enum(['local', 'openai']),
  /** set when the model's reply was unusable and the local analysis was kept */
  fallbackReason: z.string().nullable(),
});
export type StudioResult = z.infer<typeof studioResult>;

/**
 * What the OpenAI-compatible adapter asks the model for (a JSON schema response format) and
 * validates its reply against. Suggestions quote the text instead of giving offsets, which
 * models get wrong; the adapter finds each quote in the text.
 */
export const studioModelReply = z.object({
  summary: z.string().min(1).max(2000),
  ratings: z
    .array(
      z.object({ category: z.enum(STUDIO_RATING_CATEGORIES), score: z.number().int().min(1).max(5), comment: z.string().min(1).max(600) }),
    )
    .length(STUDIO_RATING_CATEGORIES.length),
  strengths: z.array(z.string().min(1).max(300)).max(6),
  growthPoints: z.array(z.string().min(1).max(300)).max(6),
  keywords: z.array(z.string().min(1).max(40)).max(10),
  detectedCategory: z.enum(STUDIO_PURPOSES),
  suggestions: z
    .array(
      z.object({
        quote: z.string().min(1).max(300),
        replacement: z.string().max(300),
        message: z.string().min(1).max(400),
        category: z.enum(SUGGESTION_CATEGORIES),
      }),
    )
    .max(40),
});
export type StudioModelReply = z.infer<typeof studioModelReply>;

// ---------------------------------------------------------------------------------------------
// Analyses and documents

export const studioAnalysis = z.object({
  id: z.string(),
  documentId: z.string(),
  version: z.number().int(),
  status: z.enum(STUDIO_STATUSES),
  failureReason: z.enum(STUDIO_FAILURE_REASONS).nullable(),
  source: z.enum(['TEXT', 'URL']),
  url: z.string().nullable(),
  title: z.string(),
  /** the analysed markdown (for a URL, known once fetched) */
  text: z.string().nullable(),
  purpose: z.enum(STUDIO_PURPOSES),
  audience: z.string(),
  tone: z.enum(STUDIO_TONES),
  locale: z.enum(['ko', 'en']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  result: studioResult.nullable(),
});
export type StudioAnalysis = z.infer<typeof studioAnalysis>;

export const studioQuota = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** next 00:00 Asia/Seoul, ISO 8601 */
  resetsAt: z.string(),
});
export type StudioQuota = z.infer<typeof studioQuota>;

export const studioSubmitResult = z.object({
  analysis: studioAnalysis,
  /**
   * true when an earlier analysis is returned and no quota was used: the same URL within 24 h,
   * or a re-analysis whose text and settings equal the latest version's
   */
  reused: z.boolean(),
  quota: studioQuota,
});
export type StudioSubmitResult = z.infer<typeof studioSubmitResult>;

export const studioTrialResult = z.object({
  analysis: studioAnalysis,
  /** keep it: it reads the trial's progress and result (header `x-studio-trial-token`) */
  trialToken: z.string(),
});
export type StudioTrialResult = z.infer<typeof studioTrialResult>;

export const studioVersionSummary = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(STUDIO_STATUSES),
  overallScore: z.number().nullable(),
  suggestionCount: z.number().int().nullable(),
  createdAt: z.string(),
});
export type StudioVersionSummary = z.infer<typeof studioVersionSummary>;

export const studioDocumentSummary = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(['TEXT', 'URL']),
  url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  versionCount: z.number().int(),
  latest: studioVersionSummary,
});
export type StudioDocumentSummary = z.infer<typeof studioDocumentSummary>;
export const studioDocumentList = page(studioDocumentSummary);
export type StudioDocumentList = z.infer<typeof studioDocumentList>;

export const studioDocument = studioDocumentSummary.extend({ versions: z.array(studioVersionSummary) });
export type StudioDocument = z.infer<typeof studioDocument>;

// ---------------------------------------------------------------------------------------------
// Drafts: the writer's unsaved work on a document (working text, decisions, next settings)

/** A decision on one suggestion of the draft's version: accepted with the chosen replacement, or ignored. */
export const studioDraftDecision = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accepted'), replacement: line(300) }),
  z.object({ kind: z.literal('ignored') }),
]);
export const studioDraftDecisions = z
  .record(z.string().max(80), studioDraftDecision)
  .refine((r) => Object.keys(r).length <= STUDIO_LIMITS.suggestionsMax, { message: 'form.invalid' });
export type StudioDraftDecisions = z.infer<typeof studioDraftDecisions>;

export const studioDraftSettings = z.object({
  title: options.title,
  purpose: z.enum(STUDIO_PURPOSES).optional(),
  audience: line(STUDIO_LIMITS.audienceMax).optional(),
  tone: z.enum(STUDIO_TONES).optional(),
});
export type StudioDraftSettings = z.infer<typeof studioDraftSettings>;

/** What the page saves while the writer works (PUT /studio/documents/:id/draft). */
export const studioDraftInput = z.object({
  /** the version whose suggestions the decisions refer to */
  analysisId: z.uuid(),
  /** the text as edited by hand, or null while the writer only decides on suggestions */
  text: z.string().max(STUDIO_LIMITS.textMax).regex(SAFE_TEXT, { message: 'form.unsafeText' }).nullable().default(null),
  decisions: studioDraftDecisions.default({}),
  settings: studioDraftSettings.default({}),
});
export type StudioDraftInput = z.input<typeof studioDraftInput>;
export type StudioDraftSave = z.infer<typeof studioDraftInput>;

export const studioDraft = z.object({
  documentId: z.string(),
  analysisId: z.string(),
  text: z.string().nullable(),
  decisions: studioDraftDecisions,
  settings: studioDraftSettings,
  updatedAt: z.string(),
});
export type StudioDraft = z.infer<typeof studioDraft>;

export const studioIdParams = z.object({ id: z.uuid() });
export const studioCompareQuery = z.object({ from: z.uuid(), to: z.uuid() });

export const studioComparison = z.object({
  from: studioAnalysis,
  to: studioAnalysis,
  overall: z.object({ from: z.number(), to: z.number(), delta: z.number() }),
  ratings: z.array(z.object({ category: z.enum(STUDIO_RATING_CATEGORIES), from: z.number(), to: z.number(), delta: z.number() })),
  /** findings of `from` that `to` no longer has */
  resolved: z.array(studioSuggestion),
  /** findings of `to` that `from` did not have */
  introduced: z.array(studioSuggestion),
  /** findings of `to` that `from` had too */
  remaining: z.array(studioSuggestion),
});
export type StudioComparison = z.infer<typeof studioComparison>;

/** A finding is "the same" across versions when its rule and the text it points at match. */
const suggestionKey = (s: Pick<StudioSuggestion, 'rule' | 'original'>) => `${s.rule.id}\u0001${s.original}`;

/** Ratings side by side, and which findings were resolved, introduced or remain (multiset match). */
export function compareResults(from: StudioResult, to: StudioResult): Omit<StudioComparison, 'from' | 'to'> {
  const pool = new Map<string, number>();
  for (const s of to.suggestions) pool.set(suggestionKey(s), (pool.get(suggestionKey(s)) ?? 0) + 1);
  const resolved: StudioSuggestion[] = [];
  for (const s of from.suggestions) {
    const k = suggestionKey(s);
    const n = pool.get(k) ?? 0;
    if (n > 0) pool.set(k, n - 1);
    else resolved.push(s);
  }
  const before = new Map<string, number>();
  for (const s of from.suggestions) before.set(suggestionKey(s), (before.get(suggestionKey(s)) ?? 0) + 1);
  const introduced: StudioSuggestion[] = [];
  const remaining: StudioSuggestion[] = [];
  for (const s of to.suggestions) {
    const k = suggestionKey(s);
    const n = before.get(k) ?? 0;
    if (n > 0) {
      before.set(k, n - 1);
      remaining.push(s);
    } else introduced.push(s);
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    overall: { from: from.overall.score, to: to.overall.score, delta: round(to.overall.score - from.overall.score) },
    ratings: STUDIO_RATING_CATEGORIES.map((category) => {
      const a = from.ratings.find((r) => r.category === category)?.score ?? 0;
      const b = to.ratings.find((r) => r.category === category)?.score ?? 0;
      return { category, from: a, to: b, delta: b - a };
    }),
    resolved,
    introduced,
    remaining,
  };
}

/** The next 00:00 in Asia/Seoul after `now`: when the daily quota resets. */
export function nextSeoulMidnight(now: Date): Date {
  return seoulInstant(addDays(seoulDate(now), 1));
}

/** Canonical form of a submitted URL for the 24 h reuse rule (no fragment, lower-case host, no tracking parameters). */
export function normalizeStudioUrl(raw: string): string {
  try {
    const u = new URL(raw.trim());
    u.hash = '';
    u.hostname = u.hostname.toLowerCase();
    for (const k of [...u.searchParams.keys()]) if (/^(utm_|fbclid$|gclid$)/i.test(k)) u.searchParams.delete(k);
    if ((u.protocol === 'https:' && u.port === '443') || (u.protocol === 'http:' && u.port === '80')) u.port = '';
    return u.toString();
  } catch {
    return raw.trim();
  }
}
