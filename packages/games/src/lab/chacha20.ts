/**
 * The lab's seeded cryptographic random source: ChaCha20 (RFC 8439) keyed by SHA-256 of the
 * seed, nonce zero, block counter from 0, read as a stream of little-endian uint32 words.
 * Both primitives are @noble's audited implementations (docs/decisions: kept libraries for
 * cryptography); the stream is the one the lab has always published, so every recorded seed
 * draws what it drew before (fair-draw.test.ts keeps recorded vectors).
 *
 * Why a cipher and not the games' mulberry32: a draw must be unpredictable to anyone who does
 * not know the seed (the seed is a fresh 128-bit value from the browser's CSPRNG and is only
 * shown after the draw), and reproducible by anyone who does. A stream cipher keyed by the
 * seed gives both; mulberry32's 32-bit state could be searched.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** Domain separation: the same seed gives unrelated streams for different purposes. */
export type StreamPurpose = 'draw' | 'check';

/** Blocks of keystream made per refill (a draw reads a few dozen words; a chi-square check more). */
const BLOCKS_PER_REFILL = 16;
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(64 * BLOCKS_PER_REFILL);

/** The keystream from block `counter` on, `blocks` blocks long (RFC 8439 §2.4: the cipher over zeros). */
export function chacha20Keystream(key: Uint8Array, counter: number, blocks: number, nonce: Uint8Array = NONCE): Uint8Array {
  return chacha20(key, nonce, new Uint8Array(64 * blocks), undefined, counter);
}

export class SeededCsprng {
  private readonly key: Uint8Array;
  private counter = 0;
  private words = new Uint32Array(0);
  private index = 0;

  constructor(seed: string, purpose: StreamPurpose = 'draw') {
    this.key = sha256(new TextEncoder().encode(`moim-lab/v1/${purpose}:${seed}`));
  }

  nextUint32(): number {
    if (this.index >= this.words.length) {
      const bytes = chacha20(this.key, NONCE, ZEROS, undefined, this.counter);
      this.counter += BLOCKS_PER_REFILL;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.words = Uint32Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(i * 4, true));
      this.index = 0;
    }
    return this.words[this.index++]!;
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
