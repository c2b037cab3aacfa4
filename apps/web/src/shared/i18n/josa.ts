/**
 * Korean particles chosen from the word: "SQL 첫걸음은", "김하나로", never the "은(는)"
 * fallbacks. In a catalogue: `{{title, josa(p: 은/는)}}` (the formatter registered in
 * ./index.ts); in code: `withJosa(title, '은/는')`. Closing brackets and punctuation are
 * skipped: 「SQL 첫걸음」은. A word that does not end in Hangul (a Latin name) takes the form
 * after a vowel. The rule is es-hangul's `josa.pick` (josa.test.ts compares the two), written
 * out here because this module is in every page's start-up chunk and es-hangul is ≈ 2.6 KB gzip.
 */
import type { Translator } from './translator';

export const JOSA_OPTIONS = [
  '이/가',
  '을/를',
  '은/는',
  '으로/로',
  '와/과',
  '이나/나',
  '이란/란',
  '아/야',
  '이랑/랑',
  '이에요/예요',
  '으로서/로서',
  '으로써/로써',
  '으로부터/로부터',
  '이라/라',
] as const;
export type JosaOption = (typeof JOSA_OPTIONS)[number];

const isOption = (v: unknown): v is JosaOption => typeof v === 'string' && (JOSA_OPTIONS as readonly string[]).includes(v);

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const JONGSEONG_COUNT = 28;
const JONGSEONG_RIEUL = 8;
const RO_OPTIONS: readonly string[] = ['으로/로', '으로서/로서', '으로써/로써', '으로부터/로부터'];

/** The form of `option` ('은/는' …) that follows `word`, as es-hangul's `josa.pick`. */
export function pickJosa(word: string, option: JosaOption): string {
  const [afterConsonant, afterVowel] = option.split('/') as [string, string];
  const code = word.charCodeAt(word.length - 1);
  const jong = code >= HANGUL_FIRST && code <= HANGUL_LAST ? (code - HANGUL_FIRST) % JONGSEONG_COUNT : 0;
  let batchim = jong > 0;
  // 와/과 lists the form after a vowel first; 으로 after ㄹ is 로 (서울로, 연필로)
  if (option === '와/과' || (jong === JONGSEONG_RIEUL && RO_OPTIONS.includes(option))) batchim = !batchim;
  return batchim ? afterConsonant : afterVowel;
}

export function withJosa(word: string, option: string): string {
  // the particle follows the last letter or digit: 「SQL 첫걸음」은
  const core = word.replace(/[^\p{L}\p{N}]+$/u, '');
  if (!core || !isOption(option)) return word;
  return word + pickJosa(core, option);
}

/** Registers `{{word, josa(p: 은/는)}}` on a translator. */
export function addJosaFormatter(instance: Translator): void {
  instance.addFormatter('josa', (value, _lng, options) =>
    typeof value === 'string' ? withJosa(value, options.p ?? '') : String(value ?? ''),
  );
}
