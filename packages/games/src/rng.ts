/**
 * Seeded pseudo-random numbers shared by every game engine.
 *
 * Games keep their generator state as a plain uint32 inside their own state object, so a
 * state can be cloned, compared and replayed without hidden closures. Only integer
 * operations (Math.imul, shifts) are used: the output is bit-identical in every
 * JavaScript engine, which is what lets the server replay a browser's game.
 *
 * Generator: mulberry32 (Tommy Ettinger), seeded from a string with FNV-1a + murmur3 fmix32.
 */

const TWO_POW_32 = 4294967296;

/** Hashes a seed string (UTF-16 code units) to a well-mixed uint32. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= seed.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The generator state after one step. */
export function mulberry32Advance(state: number): number {
  return (state + 0x6d2b79f5) >>> 0;
}

/** The uint32 output belonging to an (already advanced) generator state. */
export function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** Maps a uint32 to an integer in [0, n) (n ≤ 2^21 keeps the product exact). */
export function uint32ToInt(value: number, n: number): number {
  return Math.floor((value * n) / TWO_POW_32);
}

/**
 * Convenience object over the same functions, for games that do not need their
 * generator state inside a cloneable state object.
 */
export class Rng {
  state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0;
  }

  nextUint32(): number {
    this.state = mulberry32Advance(this.state);
    return mulberry32Output(this.state);
  }

  /** Float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Integer in [0, n). */
  nextInt(n: number): number {
    return uint32ToInt(this.nextUint32(), n);
  }

  /** In-place Fisher–Yates shuffle; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.nextInt(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  clone(): Rng {
    return new Rng(this.state);
  }
}
