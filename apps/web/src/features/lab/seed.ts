/** Fresh seeds from the browser's cryptographic generator: `words` × 32 bits, in base 36. */
export function newSeed(words = 2): string {
  const a = new Uint32Array(words);
  crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(36).padStart(7, '0')).join('');
}
