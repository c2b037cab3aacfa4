/**
 * The built-in analyzer (offline, the default provider): markdown → blocks → checks per block
 * (Korean rule table and particles, English retext/write-good, punctuation, fillers, repetition,
 * long sentences) → structure checks → metrics, keywords, category → ratings by formula →
 * comments in the chosen tone. Findings become LanguageTool-style suggestions anchored to the
 * source text; a finding that would cross markup or protected text (code, URLs) is dropped.
 */
import { STUDIO_LIMITS, type StudioResult, type StudioSuggestion } from '@moim/contract';
import type { AnalyzerInput } from '../types.ts';
import { fillerFindings, longSentenceFindings, punctuationFindings, repetitionFindings } from './common.ts';
import { comment, strengthsAndGrowth, summary } from './comments.ts';
import { englishFindingsForBlocks } from './english.ts';
import type { Finding } from './finding.ts';
import { detectCategory, extractKeywords } from './keywords.ts';
import { particleFindings, ruleTableFindings, speechLevel, type SpeechLevel } from './korean.ts';
import { type Block, parseMarkdown, sourceRange } from './markdown.ts';
import { type SentenceInfo, computeMetrics } from './metrics.ts';
import { rateAll } from './ratings.ts';
import { type Span, detectLanguage, eojeols, sentences } from './segment.ts';
import { structureReport } from './structure.ts';

const isProse = (b: Block) => b.kind === 'paragraph' || b.kind === 'listItem' || b.kind === 'blockquote';
const HANGUL = /[\uac00-\ud7a3]/;
const SEVERITY_RANK = { ERROR: 0, WARNING: 1, HINT: 2 } as const;

export function analyzeLocally(input: AnalyzerInput): StudioResult {
  const doc = parseMarkdown(input.text);
  const blocks = doc.blocks;
  const proseBlocks = blocks.filter(isProse);
  const proseTexts = proseBlocks.map((b) => b.text);
  const language = detectLanguage(proseTexts.join('\n') || input.text);
  const firstHeading = blocks.find((b) => b.kind === 'heading' && b.depth === 1) ?? (blocks[0]?.kind === 'heading' ? blocks[0] : undefined);
  const title = (input.title?.trim() || firstHeading?.text.trim() || '').slice(0, 200);

  const findings: Finding[] = [];
  const sentenceInfos: SentenceInfo[] = [];
  const firstSentences = new Map<number, Span>();
  const levels: SpeechLevel[] = [];
  const englishBlocks: Block[] = [];
  for (const b of blocks) {
    if (!isProse(b) && b.kind !== 'heading') continue;
    if (!b.text.trim()) continue;
    findings.push(...punctuationFindings(b.text, b.index));
    const hasHangul = HANGUL.test(b.text);
    if (hasHangul) findings.push(...ruleTableFindings(b.text, b.index), ...particleFindings(b.text, b.index));
    const blockLanguage = hasHangul ? detectLanguage(b.text) : 'en';
    if (!isProse(b)) continue;
    if (blockLanguage === 'en' && /[A-Za-z]{3}/.test(b.text)) englishBlocks.push(b);
    const spans = sentences(b.text);
    if (spans[0]) firstSentences.set(b.index, spans[0]);
    for (const s of spans) {
      sentenceInfos.push({ block: b.index, span: s, words: eojeols(s.text).length });
      if (blockLanguage === 'ko') levels.push(speechLevel(s.text));
    }
    findings.push(...fillerFindings(b.text, b.index, blockLanguage), ...repetitionFindings(b.text, b.index, spans, blockLanguage));
    // English long sentences are judged by retext-readability; Korean ones by length.
    if (blockLanguage === 'ko') findings.push(...longSentenceFindings(b.index, spans, 'ko'));
  }
  findings.push(...englishFindingsForBlocks(englishBlocks));
  const totalWords = proseTexts.reduce((n, t) => n + eojeols(t).length, 0);
  const structure = structureReport(blocks, doc.source, language, totalWords, input.purpose, firstSentences);
  findings.push(...structure.findings);

  const metrics = computeMetrics(language, sentenceInfos, proseTexts, proseTexts.join('\n'), {
    paragraphs: structure.paragraphs,
    headings: structure.headingCount,
  });
  const keywords = extractKeywords(title, proseTexts);
  const detectedCategory = detectCategory(input.text, structure.codeBlocks, structure.lists);
  const openingBlock = proseBlocks[0];
  const openingSpans = openingBlock ? sentences(openingBlock.text) : [];
  const { categories, overall } = rateAll({
    language,
    purpose: input.purpose,
    audience: input.audience,
    title,
    keywords,
    opening: openingBlock
      ? {
          text: openingBlock.text,
          sentences: openingSpans.map((s) => s.text),
          firstSentenceWords: openingSpans[0] ? eojeols(openingSpans[0].text).length : 0,
        }
      : null,
    metrics,
    structure,
    findings,
    levels,
    sentenceTexts: sentenceInfos.map((s) => s.span.text),
    proseText: proseTexts.join('\n'),
  });
  const { strengths, growthPoints } = strengthsAndGrowth(categories, structure.notes, input.locale);
  return {
    overall: { score: Math.max(1, overall), summary: summary(input.tone, overall, categories, input.locale) },
    ratings: categories.map((c) => ({ category: c.category, score: c.stars, comment: comment(input.tone, c, input.locale) })),
    strengths,
    growthPoints,
    keywords,
    detectedCategory,
    suggestions: toSuggestions(findings, blocks, doc.source, input.locale),
    metrics,
    provider: 'local',
    fallbackReason: null,
  };
}

/** Anchor findings to the source, drop the unanchorable, settle overlaps (errors first), sort by place. */
export function toSuggestions(findings: Finding[], blocks: Block[], source: string, locale: 'ko' | 'en'): StudioSuggestion[] {
  const anchored: Array<{ f: Finding; offset: number; length: number }> = [];
  for (const f of findings) {
    if (f.source) {
      anchored.push({ f, offset: f.source.offset, length: f.source.length });
      continue;
    }
    const b = blocks[f.block];
    if (!b) continue;
    let to = f.to;
    // Removing a word takes one neighbouring space with it.
    if (f.replacements.length === 1 && f.replacements[0] === '' && b.text[to] === ' ' && (f.from === 0 || b.text[f.from - 1] === ' ')) to++;
    const r = sourceRange(b, source, f.from, to);
    if (r) anchored.push({ f, ...r });
  }
  anchored.sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.offset - b.offset);
  const kept: typeof anchored = [];
  for (const a of anchored) {
    const overlaps = kept.some((k) => a.offset < k.offset + Math.max(1, k.length) && k.offset < a.offset + Math.max(1, a.length));
    if (!overlaps) kept.push(a);
    if (kept.length >= STUDIO_LIMITS.suggestionsMax) break;
  }
  kept.sort((a, b) => a.offset - b.offset);
  return kept.map(({ f, offset, length }) => ({
    id: `${f.ruleId}:${offset}`,
    offset,
    length,
    original: source.slice(offset, offset + length),
    message: f.message[locale],
    shortMessage: f.short[locale],
    replacements: f.replacements.slice(0, 5),
    rule: { id: f.ruleId, category: f.category },
    severity: f.severity,
    paragraph: f.block,
  }));
}
