/**
 * The OpenAI-compatible adapter: Chat Completions with a JSON-schema response format (the
 * contract's `studioModelReply`), through the official `openai` client, so any server speaking
 * that protocol works (OpenAI, Azure-style gateways, vLLM, Ollama's /v1 …). The reply is
 * validated with zod; on an invalid reply, an error status, a network failure or a time-out the
 * local analysis is returned instead, with `fallbackReason` set. The local analyzer always runs
 * first: its metrics and rule-based findings are kept, the model adds the assessment and its own
 * findings (quoted, then located in the text).
 */
import {
  type StudioModelReply,
  type StudioResult,
  type StudioSuggestion,
  STUDIO_RATING_CATEGORIES,
  studioModelReply,
} from '@moim/contract';
import type { FastifyBaseLogger } from 'fastify';
import type OpenAI from 'openai';
import { z } from 'zod';
import { analyzeLocally } from './local/analyzer.ts';
import { RATING_WEIGHTS } from './local/ratings.ts';
import type { AnalyzerInput, WritingAnalyzer } from './types.ts';

export interface OpenAIAdapterOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** OpenAI's strict mode takes a subset of JSON Schema: drop the size keywords (zod still checks them). */
function strictSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minimum', 'maximum'].includes(k)) continue;
    out[k] = strictSchema(v);
  }
  return out;
}

export const MODEL_REPLY_SCHEMA = strictSchema(z.toJSONSchema(studioModelReply, { target: 'draft-7' })) as Record<string, unknown>;

const TONE_BRIEF: Record<AnalyzerInput['tone'], string> = {
  SNS: 'a social-media editor: short, upbeat, a few emoji',
  RESUME_EXPERT: 'a recruiter who reads hundreds of résumés: what a hiring manager notices',
  FRIENDLY_FRIEND: 'a close friend: casual, encouraging, honest',
  PRO_EDITOR: 'a professional editor: precise, formal, concrete',
  WARM_MENTOR: 'a warm mentor: kind, encouraging, specific next steps',
  BLUNT_CRITIC: 'a blunt critic: short, direct, no softening',
};

export function buildMessages(input: AnalyzerInput, local: StudioResult): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const lang = input.locale === 'ko' ? 'Korean' : 'English';
  const m = local.metrics;
  return [
    {
      role: 'system',
      content: [
        'You review writing for a developer community. Read the document and reply with JSON matching the schema.',
        `Write every comment, summary, strength, growth point and suggestion message in ${lang}.`,
        `Voice: ${TONE_BRIEF[input.tone]}.`,
        `Rate each category 1–5 exactly once: ${STUDIO_RATING_CATEGORIES.join(', ')} (TONE means fit for the audience).`,
        'Suggestions: quote the exact text from the document (copied character for character, at most one sentence), give the replacement text, explain why.',
        'Do not invent facts about the author. Keywords are terms that appear in the document.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `Purpose: ${input.purpose}. Audience: ${input.audience || 'general readers'}.`,
        input.title ? `Title: ${input.title}` : 'Title: (none given)',
        `Measured: ${m.words} words, ${m.sentences} sentences, ${m.avgWordsPerSentence} words per sentence, readability ${m.readability} (${m.readabilityScale}).`,
        '--- document ---',
        input.text,
      ].join('\n'),
    },
  ];
}

/** Find each quoted passage in the text (first unused occurrence) and turn it into a suggestion. */
export function locateModelSuggestions(
  text: string,
  reply: StudioModelReply,
  taken: StudioSuggestion[],
  locale: 'ko' | 'en',
): StudioSuggestion[] {
  const out: StudioSuggestion[] = [];
  const occupied = taken.map((s) => [s.offset, s.offset + s.length] as const);
  const free = (a: number, b: number) => occupied.every(([x, y]) => b <= x || a >= y);
  const label: Record<string, [string, string]> = {
    SPELLING: ['맞춤법', 'Spelling'],
    SPACING: ['띄어쓰기', 'Spacing'],
    GRAMMAR: ['문법', 'Grammar'],
    PUNCTUATION: ['문장 부호', 'Punctuation'],
    STYLE: ['문체', 'Style'],
    CLARITY: ['명확성', 'Clarity'],
    READABILITY: ['가독성', 'Readability'],
    STRUCTURE: ['구조', 'Structure'],
    REPETITION: ['반복', 'Repetition'],
  };
  for (const s of reply.suggestions) {
    let at = text.indexOf(s.quote);
    while (at >= 0 && !free(at, at + s.quote.length)) at = text.indexOf(s.quote, at + 1);
    if (at < 0) continue;
    occupied.push([at, at + s.quote.length]);
    const [ko, en] = label[s.category]!;
    out.push({
      id: `AI_${s.category}:${at}`,
      offset: at,
      length: s.quote.length,
      original: s.quote,
      message: s.message,
      shortMessage: locale === 'ko' ? ko : en,
      replacements: s.replacement && s.replacement !== s.quote ? [s.replacement] : [],
      rule: { id: `AI_${s.category}`, category: s.category },
      severity: s.category === 'SPELLING' || s.category === 'GRAMMAR' || s.category === 'SPACING' ? 'WARNING' : 'HINT',
      paragraph: text.slice(0, at).split(/\n\s*\n/).length - 1,
    });
  }
  return out;
}

export function mergeModelReply(input: AnalyzerInput, local: StudioResult, reply: StudioModelReply): StudioResult {
  const byCategory = new Map(reply.ratings.map((r) => [r.category, r]));
  if (byCategory.size !== STUDIO_RATING_CATEGORIES.length) throw new InvalidReply('a rating category is missing or repeated');
  const ratings = STUDIO_RATING_CATEGORIES.map((c) => byCategory.get(c)!);
  const overall = Math.round(ratings.reduce((n, r) => n + r.score * RATING_WEIGHTS[r.category], 0) * 10) / 10;
  const suggestions = [...local.suggestions, ...locateModelSuggestions(input.text, reply, local.suggestions, input.locale)].sort(
    (a, b) => a.offset - b.offset,
  );
  return {
    overall: { score: Math.max(1, overall), summary: reply.summary },
    ratings,
    strengths: reply.strengths,
    growthPoints: reply.growthPoints,
    keywords: reply.keywords,
    detectedCategory: reply.detectedCategory,
    suggestions,
    metrics: local.metrics,
    provider: 'openai',
    fallbackReason: null,
  };
}

export class InvalidReply extends Error {
  override readonly name = 'InvalidReply';
}

type OpenAIModule = typeof OpenAI;
/** The client loads with the first model call (not at server start, and never with AI_PROVIDER=local). */
const loadOpenAI = (): Promise<OpenAIModule> => import('openai').then((m) => m.default);

/** Why the model's answer was not used: INVALID_REPLY, TIMEOUT, PROVIDER_ERROR (status), NETWORK. */
export function fallbackReasonOf(err: unknown, sdk: OpenAIModule): string {
  if (err instanceof InvalidReply) return 'INVALID_REPLY';
  if (err instanceof sdk.APIConnectionTimeoutError || (err instanceof Error && err.name === 'AbortError')) return 'TIMEOUT';
  if (err instanceof sdk.APIUserAbortError) return 'TIMEOUT';
  if (err instanceof sdk.APIError && typeof err.status === 'number') return `PROVIDER_ERROR_${err.status}`;
  if (err instanceof sdk.APIConnectionError) return 'NETWORK';
  return 'PROVIDER_ERROR';
}

export class OpenAIWritingAnalyzer implements WritingAnalyzer {
  readonly name = 'openai' as const;
  private client: { sdk: OpenAIModule; api: OpenAI } | undefined;

  constructor(private readonly opts: OpenAIAdapterOptions) {}

  private async connect() {
    if (!this.client) {
      const sdk = await loadOpenAI();
      this.client = {
        sdk,
        api: new sdk({ baseURL: this.opts.baseURL, apiKey: this.opts.apiKey, timeout: this.opts.timeoutMs, maxRetries: 0 }),
      };
    }
    return this.client;
  }

  async analyze(input: AnalyzerInput, signal?: AbortSignal): Promise<StudioResult> {
    const local = analyzeLocally(input);
    const deadline = AbortSignal.timeout(this.opts.timeoutMs);
    const { sdk, api } = await this.connect();
    try {
      const completion = await api.chat.completions.create(
        {
          model: this.opts.model,
          temperature: 0.2,
          messages: buildMessages(input, local),
          response_format: { type: 'json_schema', json_schema: { name: 'studio_review', strict: true, schema: MODEL_REPLY_SCHEMA } },
        },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
      const content = completion.choices?.[0]?.message?.content;
      if (!content) throw new InvalidReply('the reply has no content');
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new InvalidReply('the reply is not JSON');
      }
      const parsed = studioModelReply.safeParse(json);
      if (!parsed.success) throw new InvalidReply(`the reply does not match the schema: ${parsed.error.issues[0]?.path.join('.')}`);
      return mergeModelReply(input, local, parsed.data);
    } catch (err) {
      const reason = deadline.aborted ? 'TIMEOUT' : fallbackReasonOf(err, sdk);
      this.opts.log.warn({ err, reason, model: this.opts.model }, 'AI provider reply unusable; kept the local analysis');
      return { ...local, fallbackReason: reason };
    }
  }
}
