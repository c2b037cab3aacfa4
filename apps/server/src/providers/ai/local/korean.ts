/**
 * Korean checks: the rule table (korean-rule-table.ts), particles after a final consonant (받침)
 * with es-hangul, and the speech level (합쇼체/해요체/해라체/반말) of each sentence for the tone
 * rating. Particle checks cover only the pairs that cannot be a word of their own: 을/를, 와,
 * 으로/로 after a vowel or ㄹ, 예요 after a consonant (가/이, 은/는, 과 and 이에요 are skipped:
 * 국가, 먹는, 사과, 아이에요 are right).
 */
import { hasBatchim } from 'es-hangul';
import { type Finding, L } from './finding.ts';
import { KOREAN_RULES } from './korean-rule-table.ts';
import { JONG, isHangulSyllable, jongseongIndex } from './segment.ts';

/** Findings of the rule table in `text` (block `block`), earlier rules winning overlaps. */
export function ruleTableFindings(text: string, block: number): Finding[] {
  const out: Finding[] = [];
  const taken: Array<[number, number]> = [];
  const free = (a: number, b: number) => taken.every(([x, y]) => b <= x || a >= y);
  for (const rule of KOREAN_RULES) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      if (m[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      if (rule.when && !rule.when(m, text)) continue;
      const from = m.index;
      const to = m.index + m[0].length;
      if (!free(from, to)) continue;
      const replacement = rule.replace(m);
      if (replacement === m[0]) continue;
      taken.push([from, to]);
      out.push({
        block,
        from,
        to,
        ruleId: rule.id,
        category: rule.category,
        severity: rule.severity,
        message: rule.message,
        short: rule.short,
        replacements: [replacement],
      });
    }
  }
  return out;
}

const PARTICLE_SHORT = L('조사', 'Particle');
/** Words ending in 을 after a vowel that are not the particle (가을, 마을 …; 지을, 나을: ㅅ-irregular verbs). */
const EUL_WORDS = /^(?:[가-힣]*(?:가을|마을|노을|고을)|이을|나을|지을|부을|저을|그을|자을)$/;

/**
 * Particle agreement with the final consonant of the word before it. Only whole eojeol whose stem
 * is Hangul are checked ("API를" is left alone: how Latin letters are read varies).
 */
export function particleFindings(text: string, block: number): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(/[가-힣]+/g)) {
    const word = m[0];
    if (word.length < 2) continue;
    const at = m.index;
    const fix = (particle: string, right: string, msgKo: string, msgEn: string) => {
      const from = at + word.length - particle.length;
      out.push({
        block,
        from: from - 1,
        to: at + word.length,
        ruleId: 'KO_PARTICLE',
        category: 'GRAMMAR',
        severity: 'ERROR',
        message: L(msgKo, msgEn),
        short: PARTICLE_SHORT,
        replacements: [word.slice(word.length - particle.length - 1, word.length - particle.length) + right],
      });
    };
    const stemLast = (n: number) => word[word.length - n - 1];
    if (word.endsWith('를') && isHangulSyllable(stemLast(1)) && hasBatchim(stemLast(1)!)) {
      fix('를', '을', `받침이 있는 '${stemLast(1)}' 뒤에는 '을'을 씁니다.`, `After '${stemLast(1)}' (final consonant) use '을'.`);
    } else if (
      word.endsWith('을') &&
      !word.endsWith('으을') &&
      isHangulSyllable(stemLast(1)) &&
      !hasBatchim(stemLast(1)!) &&
      !EUL_WORDS.test(word)
    ) {
      fix('을', '를', `받침이 없는 '${stemLast(1)}' 뒤에는 '를'을 씁니다.`, `After '${stemLast(1)}' (no final consonant) use '를'.`);
    } else if (word.endsWith('와') && word.length >= 2 && isHangulSyllable(stemLast(1)) && hasBatchim(stemLast(1)!) && word !== '안와') {
      fix('와', '과', `받침이 있는 '${stemLast(1)}' 뒤에는 '과'를 씁니다.`, `After '${stemLast(1)}' (final consonant) use '과'.`);
    } else if (word.endsWith('으로') && word.length >= 3 && isHangulSyllable(stemLast(2))) {
      const j = jongseongIndex(stemLast(2));
      if (j === JONG.NONE || j === JONG.RIEUL) {
        const stem = stemLast(2)!;
        const from = at + word.length - 3;
        out.push({
          block,
          from,
          to: at + word.length,
          ruleId: 'KO_PARTICLE',
          category: 'GRAMMAR',
          severity: 'ERROR',
          message: L(
            j === JONG.NONE ? `받침이 없는 '${stem}' 뒤에는 '로'를 씁니다.` : `ㄹ 받침 뒤에는 '으로'가 아니라 '로'를 씁니다.`,
            `After '${stem}' use '로', not '으로'.`,
          ),
          short: PARTICLE_SHORT,
          replacements: [`${stem}로`],
        });
      }
    } else if (word.endsWith('예요') && word.length >= 3 && isHangulSyllable(stemLast(2)) && hasBatchim(stemLast(2)!)) {
      const stem = stemLast(2)!;
      out.push({
        block,
        from: at + word.length - 3,
        to: at + word.length,
        ruleId: 'KO_PARTICLE',
        category: 'GRAMMAR',
        severity: 'ERROR',
        message: L(`받침이 있는 말 뒤에는 '이에요'를 씁니다.`, `After a final consonant write '이에요'.`),
        short: PARTICLE_SHORT,
        replacements: [`${stem}이에요`],
      });
    }
  }
  return out;
}

export type SpeechLevel = 'FORMAL' | 'POLITE' | 'PLAIN' | 'CASUAL' | 'NONE';

/** The speech level of a Korean sentence from its last Hangul word (punctuation, emoji, quotes stripped). */
export function speechLevel(sentence: string): SpeechLevel {
  const tail = sentence.replace(/[^가-힣]+$/u, '');
  const last = tail.match(/[가-힣]+$/)?.[0];
  if (!last) return 'NONE';
  if (/(?:니다|니까|십시오|읍시다|ㅂ시다)$/.test(last)) return 'FORMAL';
  if (/(?:요|죠)$/.test(last)) return 'POLITE';
  if (/(?:다|는가|는지|자|라|냐)$/.test(last)) return 'PLAIN';
  if (/(?:어|아|야|지|네|래|게|걸|거든|잖아|해|돼|봐|줘|음|함|임|됨)$/.test(last)) return 'CASUAL';
  return 'NONE';
}

export const KOREAN_FILLERS = [
  '그냥',
  '정말',
  '진짜',
  '너무',
  '약간',
  '사실',
  '일단',
  '뭔가',
  '아무래도',
  '솔직히',
  '엄청',
  '완전',
] as const;
