/**
 * Pearson's chi-square goodness-of-fit test: the statistic and its p-value (upper tail of the
 * chi-square distribution, through the regularized incomplete gamma function). Used by the
 * fairness tests and by the arena's on-screen fairness check.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function. */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = lnGamma(a);
  if (x < a + 1) {
    // series for P(a, x)
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  // continued fraction for Q(a, x) (modified Lentz)
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

export interface ChiSquareResult {
  statistic: number;
  degreesOfFreedom: number;
  /** probability of a statistic at least this large if the counts follow the expectation */
  pValue: number;
}

/** Observed counts against expected counts (same length, expected > 0). */
export function chiSquareTest(
  observed: readonly number[],
  expected: readonly number[],
  degreesOfFreedom = observed.length - 1,
): ChiSquareResult {
  if (observed.length !== expected.length || observed.length < 2) throw new RangeError('chiSquareTest: need two or more cells');
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i]!;
    if (!(e > 0)) throw new RangeError('chiSquareTest: expected counts must be positive');
    statistic += (observed[i]! - e) ** 2 / e;
  }
  return { statistic, degreesOfFreedom, pValue: gammaQ(degreesOfFreedom / 2, statistic / 2) };
}
