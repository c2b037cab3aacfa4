/**
 * English checks: retext (passive voice, simpler alternatives, hard-to-read sentences) and
 * write-good (weasel words, adverbs, clichés, "there is", sentence-initial "so", repeated words),
 * with positions kept. Overlaps between the two are settled by the analyzer (first finding wins;
 * retext runs first because it offers replacements).
 */
import retextEnglish from 'retext-english';
import retextPassive from 'retext-passive';
import retextReadability from 'retext-readability';
import retextSimplify from 'retext-simplify';
import { syllable } from 'syllable';
import { unified } from 'unified';
import { VFile } from 'vfile';
import writeGood from 'write-good';
import { type Finding, L } from './finding.ts';

const retext = unified()
  .use(retextEnglish)
  .use(retextPassive)
  .use(retextSimplify)
  // Flag a sentence when most formulas say a 16-year-old would struggle.
  .use(retextReadability, { age: 16, minWords: 8, threshold: 4 / 7 });

/**
 * retext-simplify words that are plain terms in technical writing ("pull request", "function",
 * "parameters", "delete"): suggesting "ask", "act" or "limits" there would be wrong.
 */
const TECH_TERMS = new Set(
  'function component implement request parameters parameter multiple initial maximum minimum submit equivalent validate type delete previous option select modify contact convert require requires provide provides additional component install initiate terminate transmit indicate'.split(
    ' ',
  ),
);

/**
 * write-good's checks minus the ones retext already does (passive, wordy) and clichés: its cliché
 * list is one 700-way case-insensitive regex that alone costs more than all other English checks
 * together (about 0.9 s per 2,000 words on the bench machine).
 */
const WRITE_GOOD = {
  passive: false,
  tooWordy: false,
  eprime: false,
  weasel: true,
  adverb: true,
  cliches: false,
  so: true,
  thereIs: true,
  illusion: true,
} as const;

/**
 * English findings for several blocks in one pass (retext and write-good once over the blocks
 * joined by blank lines, a third faster than block by block), mapped back to each block.
 */
export function englishFindingsForBlocks(blocks: ReadonlyArray<{ index: number; text: string }>): Finding[] {
  if (blocks.length === 0) return [];
  const starts: number[] = [];
  let joined = '';
  for (const b of blocks) {
    if (joined) joined += '\n\n';
    starts.push(joined.length);
    joined += b.text;
  }
  const out: Finding[] = [];
  for (const f of englishFindings(joined, -1)) {
    // the block that contains the finding's start (binary search over the starts)
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= f.from) lo = mid;
      else hi = mid - 1;
    }
    const b = blocks[lo]!;
    const from = f.from - starts[lo]!;
    const to = f.to - starts[lo]!;
    if (to > b.text.length) continue; // crosses into the next block
    out.push({ ...f, block: b.index, from, to });
  }
  return out;
}

export function englishFindings(text: string, block: number): Finding[] {
  const out: Finding[] = [];
  const file = new VFile(text);
  retext.runSync(retext.parse(file), file);
  for (const msg of file.messages) {
    const from = msg.place && 'start' in msg.place ? msg.place.start.offset : undefined;
    const to = msg.place && 'end' in msg.place ? msg.place.end.offset : undefined;
    if (from === undefined || to === undefined || to <= from) continue;
    const source = msg.source ?? '';
    const original = text.slice(from, to);
    if (source === 'retext-passive') {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_PASSIVE',
        category: 'CLARITY',
        severity: 'HINT',
        message: L(
          `수동태 표현(“${original}”)입니다. 누가 했는지 드러나게 능동태로 써 보세요.`,
          `“${original}” is passive voice; say who did it.`,
        ),
        short: L('수동태', 'Passive voice'),
        replacements: [],
      });
    } else if (source === 'retext-simplify') {
      if (TECH_TERMS.has(String(msg.ruleId ?? '').toLowerCase())) continue;
      const expected = (msg.expected ?? []).filter((e): e is string => typeof e === 'string');
      out.push({
        block,
        from,
        to,
        ruleId: `EN_SIMPLIFY_${String(msg.ruleId ?? 'word')
          .toUpperCase()
          .replace(/[^A-Z0-9]+/g, '_')}`,
        category: 'STYLE',
        severity: 'HINT',
        message: expected.length
          ? L(`더 쉬운 말로 바꿔 보세요: “${original}” → “${expected[0]}”.`, `Use the simpler “${expected[0]}” instead of “${original}”.`)
          : L(`“${original}” 없이도 뜻이 통합니다.`, `“${original}” can go without losing meaning.`),
        short: L('더 쉬운 말', 'Simpler wording'),
        replacements: expected.length ? expected.slice(0, 3) : [''],
      });
    } else if (source === 'retext-readability') {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_HARD_SENTENCE',
        category: 'READABILITY',
        severity: 'HINT',
        message: L(
          '읽기 어려운 문장입니다. 둘로 나누거나 쉬운 단어로 바꿔 보세요.',
          'This sentence is hard to read. Split it or use plainer words.',
        ),
        short: L('어려운 문장', 'Hard sentence'),
        replacements: [],
      });
    }
  }
  for (const s of writeGood(text, WRITE_GOOD)) {
    const from = s.index;
    const to = s.index + s.offset;
    const original = text.slice(from, to);
    const reason = s.reason;
    if (/repeated/.test(reason) || /lexical illusion/i.test(reason)) {
      const single = original.split(/\s+/)[0] ?? original;
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_REPEATED_WORD',
        category: 'GRAMMAR',
        severity: 'ERROR',
        message: L(`같은 단어(“${single}”)가 두 번 연달아 나옵니다.`, `“${single}” is repeated.`),
        short: L('반복된 단어', 'Repeated word'),
        replacements: [single],
      });
    } else if (/weasel|weaken/.test(reason)) {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_WEASEL',
        category: 'CLARITY',
        severity: 'HINT',
        message: L(
          `뜻을 흐리는 말(“${original}”)입니다. 빼거나 구체적으로 쓰세요.`,
          `“${original}” weakens the sentence; cut it or be specific.`,
        ),
        short: L('모호한 말', 'Weasel word'),
        replacements: [''],
      });
    } else if (/clich/.test(reason)) {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_CLICHE',
        category: 'STYLE',
        severity: 'HINT',
        message: L(`상투적인 표현(“${original}”)입니다.`, `“${original}” is a cliché.`),
        short: L('상투적 표현', 'Cliché'),
        replacements: [],
      });
    } else if (/There is|There are|there is|there are/.test(reason)) {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_THERE_IS',
        category: 'STYLE',
        severity: 'HINT',
        message: L(
          "'There is/are'로 시작하면 문장이 늘어집니다. 주어로 바로 시작해 보세요.",
          '“There is/are” delays the subject; start with it instead.',
        ),
        short: L('늘어지는 시작', 'Slow start'),
        replacements: [],
      });
    } else if (/adds no meaning/.test(reason) && /^so\b/i.test(original)) {
      out.push({
        block,
        from,
        to,
        ruleId: 'EN_SO_START',
        category: 'STYLE',
        severity: 'HINT',
        message: L("문장 첫머리의 'So'는 빼도 됩니다.", '“So” at the start of a sentence adds nothing.'),
        short: L('불필요한 시작', 'Needless “so”'),
        replacements: [''],
      });
    }
  }
  return out;
}

/** Flesch reading ease (0–100, higher is easier) from word, sentence and syllable counts. */
const syllableCache = new Map<string, number>();
function syllablesOf(word: string): number {
  const w = word.toLowerCase();
  let n = syllableCache.get(w);
  if (n === undefined) {
    n = Math.max(1, syllable(w));
    if (syllableCache.size < 50_000) syllableCache.set(w, n);
  }
  return n;
}

export function fleschReadingEase(wordsList: readonly string[], sentenceCount: number): number {
  if (wordsList.length === 0 || sentenceCount === 0) return 100;
  let syllables = 0;
  for (const w of wordsList) syllables += syllablesOf(w);
  const score = 206.835 - 1.015 * (wordsList.length / sentenceCount) - 84.6 * (syllables / wordsList.length);
  return Math.max(0, Math.min(100, score));
}
