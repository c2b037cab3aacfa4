/**
 * The deal of a game, all from the seed: the keyword pool (drawn from the theme, shown in
 * 가나다 order), the secret answers, each seat's private hints (keywords that are not answers,
 * disjoint between seats) and the seat that plays first. Every random stream of a game is
 * `new Rng(seed + '|' + purpose)`, so the deal never depends on how the game was played.
 */
import { Rng } from '../rng.ts';
import type { DeductionSettings } from './settings.ts';
import { themeWords, type Keyword } from './words.ts';

export interface DeductionDeal {
  keywords: Keyword[];
  /** Pool indices of the answers, ascending. */
  answers: number[];
  /** Per seat: pool indices of its private hints, ascending. */
  hints: number[][];
  firstSeat: number;
}

export function streamRng(seed: string, ...purpose: (string | number)[]): Rng {
  return new Rng(`${seed}|${purpose.join('|')}`);
}

export function dealDeduction(seed: string, settings: DeductionSettings, players: number): DeductionDeal {
  const words = themeWords(settings.theme);
  const rng = streamRng(seed, 'deal');
  const picked = rng.shuffle(words.map((_, i) => i)).slice(0, settings.poolSize);
  // Code-point order of Hangul syllables is 가나다 order, identical in every engine.
  const keywords = picked.map((i) => words[i]!).sort((a, b) => (a.ko < b.ko ? -1 : a.ko > b.ko ? 1 : 0));
  const order = rng.shuffle(keywords.map((_, i) => i));
  const answers = order.slice(0, settings.answerCount).sort((a, b) => a - b);
  const rest = order.slice(settings.answerCount);
  const hints: number[][] = [];
  for (let s = 0; s < players; s++) {
    hints.push(rest.slice(s * settings.hintCount, (s + 1) * settings.hintCount).sort((a, b) => a - b));
  }
  const firstSeat = rng.nextInt(players);
  return { keywords, answers, hints, firstSeat };
}
