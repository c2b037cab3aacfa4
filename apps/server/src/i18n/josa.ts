/**
 * Korean particles chosen from the word (es-hangul), never "이(가)" fallbacks. The particle
 * follows the last letter or digit, so a title in brackets takes the particle of its last
 * syllable: 「SQL 첫걸음」이, 「모던 자바」가.
 */
import { josa as pickJosa } from 'es-hangul';

export type JosaOption = Parameters<typeof pickJosa.pick>[1];

export function josa(word: string, option: JosaOption): string {
  const core = word.replace(/[^\p{L}\p{N}]+$/u, '');
  if (!core) return word;
  return word + pickJosa.pick(core, option);
}
