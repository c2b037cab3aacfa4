/** Binomial coefficients as doubles (exact up to 2^53) and as exact bigints. */

const MAX_N = 128;
const table: Float64Array[] = [];
for (let n = 0; n <= MAX_N; n++) {
  const row = new Float64Array(n + 1);
  row[0] = 1;
  row[n] = 1;
  for (let k = 1; k < n; k++) row[k] = table[n - 1]![k - 1]! + table[n - 1]![k]!;
  table.push(row);
}

/** C(n, k) as a double; 0 outside 0 ≤ k ≤ n. */
export function binom(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  return table[n]![k]!;
}

/** C(n, k) exactly. */
export function binomExact(n: number, k: number): bigint {
  if (k < 0 || n < 0 || k > n) return 0n;
  let r = 1n;
  const kk = Math.min(k, n - k);
  for (let i = 0; i < kk; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** Number of bits of a positive bigint (0 for 0). */
export function bitLength(v: bigint): number {
  return v <= 0n ? 0 : v.toString(2).length;
}
