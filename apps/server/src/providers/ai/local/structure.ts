/**
 * Structure checks on the block list: paragraph length, heading levels and marks, code fences
 * without a language, and document-level notes (no headings in a long text, a tutorial without
 * code or lists) that have no single place to anchor and become growth points instead.
 */
import type { StudioPurpose } from '@moim/contract';
import { type Finding, L, type Localized } from './finding.ts';
import type { Block } from './markdown.ts';
import { type Span, eojeols } from './segment.ts';

export const STRUCTURE_LIMITS = {
  /** a Korean paragraph longer than this many characters is a wall of text */
  koParagraphChars: 450,
  /** an English paragraph with more words than this */
  enParagraphWords: 130,
  /** a text with more words than this wants headings */
  wordsNeedingHeadings: 400,
} as const;

export interface StructureReport {
  findings: Finding[];
  notes: Localized[];
  headingCount: number;
  headingSkips: number;
  longParagraphs: number;
  paragraphs: number;
  codeBlocks: number;
  codeWithoutLang: number;
  lists: number;
}

const isProse = (b: Block) => b.kind === 'paragraph' || b.kind === 'listItem' || b.kind === 'blockquote';

function guessLanguage(code: string): string[] {
  if (/^\s*(\$ |npm |npx |yarn |pnpm |git |cd |docker |curl )/m.test(code)) return ['bash', 'text'];
  if (/\b(const|let|function|import|export|=>)\b/.test(code)) return ['ts', 'js', 'text'];
  if (/^\s*(def |import |from \S+ import)/m.test(code)) return ['python', 'text'];
  if (/^\s*[{[]/.test(code) && /"\s*:/.test(code)) return ['json', 'text'];
  return ['text'];
}

export function structureReport(
  blocks: Block[],
  source: string,
  language: 'ko' | 'en',
  totalWords: number,
  purpose: StudioPurpose,
  firstSentences: Map<number, Span>,
): StructureReport {
  const findings: Finding[] = [];
  const notes: Localized[] = [];
  let lastDepth = 0;
  let headingCount = 0;
  let headingSkips = 0;
  let longParagraphs = 0;
  let paragraphs = 0;
  let codeBlocks = 0;
  let codeWithoutLang = 0;
  let lists = 0;
  for (const b of blocks) {
    if (b.kind === 'heading') {
      headingCount++;
      const depth = b.depth ?? 1;
      if (lastDepth > 0 && depth > lastDepth + 1 && b.text.length > 0) {
        headingSkips++;
        findings.push({
          block: b.index,
          from: 0,
          to: b.text.length,
          ruleId: 'HEADING_LEVEL_SKIP',
          category: 'STRUCTURE',
          severity: 'WARNING',
          message: L(
            `제목 단계가 ${lastDepth}단계에서 ${depth}단계로 건너뜁니다. 한 단계씩 내려가세요.`,
            `The heading jumps from level ${lastDepth} to ${depth}; use ${'#'.repeat(lastDepth + 1)}.`,
          ),
          short: L('제목 단계', 'Heading level'),
          replacements: [],
        });
      }
      lastDepth = depth;
      const end = b.text.replace(/\s+$/, '');
      if (/[^.]\.$/.test(end)) {
        findings.push({
          block: b.index,
          from: end.length - 1,
          to: end.length,
          ruleId: 'HEADING_PERIOD',
          category: 'PUNCTUATION',
          severity: 'HINT',
          message: L('제목 끝에는 마침표를 찍지 않습니다.', 'Headings do not end with a full stop.'),
          short: L('제목 부호', 'Heading mark'),
          replacements: [''],
        });
      }
    } else if (b.kind === 'code') {
      codeBlocks++;
      const fence = /^(`{3,}|~{3,})/.exec(source.slice(b.start, b.start + 10));
      if (fence && !b.lang) {
        codeWithoutLang++;
        const body = source.slice(b.start, b.end);
        findings.push({
          block: b.index,
          from: 0,
          to: 0,
          ruleId: 'CODE_WITHOUT_LANGUAGE',
          category: 'STRUCTURE',
          severity: 'HINT',
          message: L('코드 블록에 언어를 적으면 문법 강조가 되고 읽기 쉬워집니다.', 'Name the code block’s language for highlighting.'),
          short: L('코드 언어', 'Code language'),
          replacements: guessLanguage(body).map((l) => `${fence[1]}${l}`),
          source: { offset: b.start, length: fence[1]!.length },
        });
      }
    } else if (isProse(b)) {
      if (b.kind === 'listItem') lists++;
      else paragraphs++;
      const long =
        language === 'ko' ? b.text.length > STRUCTURE_LIMITS.koParagraphChars : eojeols(b.text).length > STRUCTURE_LIMITS.enParagraphWords;
      if (long && b.kind !== 'listItem') {
        longParagraphs++;
        const first = firstSentences.get(b.index);
        findings.push({
          block: b.index,
          from: first?.start ?? 0,
          to: first?.end ?? Math.min(b.text.length, 40),
          ruleId: 'LONG_PARAGRAPH',
          category: 'STRUCTURE',
          severity: 'HINT',
          message: L('문단이 깁니다. 생각 단위로 두세 문단으로 나눠 보세요.', 'A long paragraph. Split it where the idea changes.'),
          short: L('긴 문단', 'Long paragraph'),
          replacements: [],
        });
      }
    }
  }
  if (totalWords > STRUCTURE_LIMITS.wordsNeedingHeadings && headingCount <= (blocks[0]?.kind === 'heading' ? 1 : 0)) {
    notes.push(
      L(
        '글이 길지만 소제목이 없습니다. 소제목(##)으로 흐름을 나누면 훑어 읽기 쉬워집니다.',
        'A long text without section headings: add ## headings so readers can scan it.',
      ),
    );
  }
  if ((purpose === 'TUTORIAL' || purpose === 'README') && codeBlocks === 0) {
    notes.push(
      L(
        '튜토리얼·README에는 따라 할 수 있는 코드 블록이 있으면 좋습니다.',
        'Tutorials and READMEs work best with code blocks readers can copy.',
      ),
    );
  }
  if ((purpose === 'TUTORIAL' || purpose === 'README') && lists === 0) {
    notes.push(L('단계나 요구 사항은 목록으로 정리하면 따라 하기 쉽습니다.', 'Put steps and requirements in lists.'));
  }
  return { findings, notes, headingCount, headingSkips, longParagraphs, paragraphs, codeBlocks, codeWithoutLang, lists };
}
