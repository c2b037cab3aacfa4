/**
 * The built-in opponents. Each reasons only from what its own seat knows (its hints and
 * reveals, the global wrong keywords, its own guesses with their counts), never from another
 * seat's hints or the answers:
 * - EASY: random keywords that are not known to be wrong;
 * - MEDIUM: a uniformly random answer set consistent with every clue so far (when the clues are
 *   too tangled to count within the solver's budget, the closest of a few sets drawn from the
 *   most recent clues);
 * - HARD: the guess whose count is the most informative (highest entropy of the count over the
 *   consistent sets: all of them when there are few, a uniform sample otherwise), found by
 *   local search from consistent sets; a consistent guess gets a small bonus for the chance
 *   that it wins outright.
 * Randomness comes from the game's seed and the turn number, so a move can be replayed.
 */
import type { Rng } from '../rng.ts';
import { streamRng } from './deal.ts';
import type { DeductionGame } from './engine.ts';
import type { AiLevel } from './settings.ts';
import { CandidateModel, type Knowledge } from './solver.ts';

/** Consistent sets listed in full up to this many; beyond, a sample of HARD_SAMPLE is drawn. */
export const HARD_LIST_LIMIT = 600;
export const HARD_SAMPLE = 240;
const HARD_RESTARTS = 4;
const HARD_PASSES = 6;

export function aiGuess(level: AiLevel, kn: Knowledge, rng: Rng): number[] {
  if (level === 'EASY') return randomOpenGuess(kn, rng);
  const model = CandidateModel.within(kn);
  if (model.total <= 0) return randomOpenGuess(kn, rng);
  if (level === 'MEDIUM') return model.sampleClosest(rng)!;
  return hardGuess(kn, model, rng);
}

/** The move of the AI in the active seat of a game. */
export function aiMove(game: DeductionGame): number[] {
  const seat = game.activeSeat;
  if (seat === null) throw new Error('the game is over');
  const spec = game.seats[seat]!;
  if (spec.kind !== 'AI') throw new Error(`seat ${seat} is not a built-in AI`);
  return aiGuess(spec.level, game.knowledge(seat), streamRng(game.seed, 'ai', game.turn));
}

export function randomOpenGuess(kn: Knowledge, rng: Rng): number[] {
  const open: number[] = [];
  for (let i = 0; i < kn.n; i++) if (!kn.wrong[i]) open.push(i);
  return rng
    .shuffle(open)
    .slice(0, kn.k)
    .sort((a, b) => a - b);
}

function entropyOf(hist: Int32Array, total: number): number {
  let h = 0;
  for (let v = 0; v < hist.length; v++) {
    const c = hist[v]!;
    if (c > 0) {
      const p = c / total;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

function hardGuess(kn: Knowledge, model: CandidateModel, rng: Rng): number[] {
  const listed = model.enumerate(HARD_LIST_LIMIT);
  const sets: number[][] = listed ?? Array.from({ length: HARD_SAMPLE }, () => model.sample(rng)!);
  const N = model.total;
  if (N === 1 || sets.length === 1) return sets[0]!;
  const S = sets.length;
  const n = kn.n;
  const k = kn.k;
  // member[i][s] = 1 when keyword i is in sampled set s.
  const member: Uint8Array[] = Array.from({ length: n }, () => new Uint8Array(S));
  for (let s = 0; s < S; s++) for (const i of sets[s]!) member[i]![s] = 1;
  // Keywords worth naming: those not known wrong, plus a few known-wrong ones as controls.
  const useful: number[] = [];
  for (let i = 0; i < n; i++) if (!model.excluded[i] || i % 7 === 0) useful.push(i);
  const counts = new Int32Array(S);
  const hist = new Int32Array(k + 1);
  const winBonus = N > 0 ? Math.log2(Math.max(2, N)) / N : 0;

  const score = (guess: number[]): number => {
    counts.fill(0);
    for (const i of guess) {
      const m = member[i]!;
      for (let s = 0; s < S; s++) counts[s]! += m[s]!;
    }
    hist.fill(0);
    for (let s = 0; s < S; s++) hist[counts[s]!]!++;
    return entropyOf(hist, S) + (model.isConsistent(guess) ? winBonus : 0);
  };

  let best = sets[0]!;
  let bestScore = score(best);
  const starts: number[][] = [];
  for (let r = 0; r < HARD_RESTARTS; r++) starts.push(sets[rng.nextInt(S)]!);
  for (const start of starts) {
    let current = [...start];
    let currentScore = score(current);
    for (let pass = 0; pass < HARD_PASSES; pass++) {
      // counts for the current guess
      counts.fill(0);
      for (const i of current) {
        const m = member[i]!;
        for (let s = 0; s < S; s++) counts[s]! += m[s]!;
      }
      let bestSwap: [number, number] | null = null;
      let bestSwapEntropy = -1;
      const inGuess = new Uint8Array(n);
      for (const i of current) inGuess[i] = 1;
      for (let a = 0; a < k; a++) {
        const out = member[current[a]!]!;
        for (const b of useful) {
          if (inGuess[b]) continue;
          const inn = member[b]!;
          hist.fill(0);
          for (let s = 0; s < S; s++) hist[counts[s]! - out[s]! + inn[s]!]!++;
          const h = entropyOf(hist, S);
          if (h > bestSwapEntropy + 1e-12) {
            bestSwapEntropy = h;
            bestSwap = [a, b];
          }
        }
      }
      if (!bestSwap) break;
      const candidate = [...current];
      candidate[bestSwap[0]] = bestSwap[1];
      const candidateScore = score(candidate);
      if (candidateScore <= currentScore + 1e-12) break;
      current = candidate;
      currentScore = candidateScore;
    }
    if (currentScore > bestScore + 1e-12) {
      best = current;
      bestScore = currentScore;
    }
  }
  // When few sets remain, a consistent guess that splits as well is worth more (it may win).
  if (listed && listed.length <= 64) {
    for (const set of listed) {
      const sc = score(set);
      if (sc > bestScore + 1e-12) {
        best = set;
        bestScore = sc;
      }
    }
  }
  return [...best].sort((a, b) => a - b);
}
