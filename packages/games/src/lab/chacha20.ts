/**
 * The lab's seeded cryptographic random source: ChaCha20 (RFC 8439) keyed by SHA-256 of the
 * seed, nonce zero, block counter from 0, read as a stream of little-endian uint32 words.
 *
 * Why a cipher and not the games' mulberry32: a draw must be unpredictable to anyone who does
 * not know the seed (the seed is a fresh 128-bit value from the browser's CSPRNG and is only
 * shown after the draw), and reproducible by anyone who does. A stream cipher keyed by the
 * seed gives both; mulberry32's 32-bit state could be searched.
 */
import { sha256, utf8Bytes } from './sha256.ts';

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));

function quarter(s: Uint32Array, a: number, b: number, c: number, d: number): void {
  s[a] = (s[a]! + s[b]!) >>> 0;
  s[d] = rotl(s[d]! ^ s[a]!, 16) >>> 0;
  s[c] = (s[c]! + s[d]!) >>> 0;
  s[b] = rotl(s[b]! ^ s[c]!, 12) >>> 0;
  s[a] = (s[a]! + s[b]!) >>> 0;
  s[d] = rotl(s[d]! ^ s[a]!, 8) >>> 0;
  s[c] = (s[c]! + s[d]!) >>> 0;
  s[b] = rotl(s[b]! ^ s[c]!, 7) >>> 0;
}

/** One 64-byte block as 16 words: key 8 words, counter, nonce 3 words (RFC 8439 §2.3). */
export function chacha20Block(key: Uint32Array, counter: number, nonce: Uint32Array): Uint32Array {
  const init = new Uint32Array(16);
  init.set(SIGMA, 0);
  init.set(key, 4);
  init[12] = counter >>> 0;
  init.set(nonce, 13);
  const s = init.slice();
  for (let i = 0; i < 10; i++) {
    quarter(s, 0, 4, 8, 12);
    quarter(s, 1, 5, 9, 13);
    quarter(s, 2, 6, 10, 14);
    quarter(s, 3, 7, 11, 15);
    quarter(s, 0, 5, 10, 15);
    quarter(s, 1, 6, 11, 12);
    quarter(s, 2, 7, 8, 13);
    quarter(s, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) s[i] = (s[i]! + init[i]!) >>> 0;
  return s;
}

function wordsLE(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) {
    out[i] = (bytes[i * 4]! | (bytes[i * 4 + 1]! << 8) | (bytes[i * 4 + 2]! << 16) | (bytes[i * 4 + 3]! << 24)) >>> 0;
  }
  return out;
}

/** Domain separation: the same seed gives unrelated streams for different purposes. */
export type StreamPurpose = 'draw' | 'check';

export class SeededCsprng {
  private readonly key: Uint32Array;
  private readonly nonce = new Uint32Array(3);
  private counter = 0;
  private block: Uint32Array = new Uint32Array(0);
  private index = 16;

  constructor(seed: string, purpose: StreamPurpose = 'draw') {
    this.key = wordsLE(sha256(utf8Bytes(`moim-lab/v1/${purpose}:${seed}`)));
  }

  nextUint32(): number {
    if (this.index >= 16) {
      this.block = chacha20Block(this.key, this.counter++, this.nonce);
      this.index = 0;
    }
    return this.block[this.index++]!;
  }

  /** An integer in [0, n), exactly uniform (rejection sampling; n ≤ 2^32). */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`nextInt(${n})`);
    if (n === 1) return 0;
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }
}
