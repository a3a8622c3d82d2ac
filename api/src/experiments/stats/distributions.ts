/**
 * The few distribution functions the experiment statistics need, written out rather than taken from a
 * package: the normal CDF and its inverse, and the chi-square upper tail. Accuracy is far beyond what
 * a reading needs (about 1e-9 relative), checked against published tables in distributions.test.ts.
 */

/** erfc(x) by the continued fraction / series of Numerical Recipes' erfc via the incomplete gamma. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  return gammaQ(0.5, x * x);
}

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/**
 * The z with normalCdf(z) = p (Acklam's rational approximation, then one Halley step on normalCdf,
 * which brings it to full double precision).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572, 1];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416, 1];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = horner(c, q) / horner(d, q);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    x = (horner(a, q * q) * q) / horner(b, q * q);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -horner(c, q) / horner(d, q);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** The polynomial with `coefficients` (highest power first) at x. */
const horner = (coefficients: readonly number[], x: number) => coefficients.reduce((sum, k) => sum * x + k, 0);

/** P(X >= x) for X chi-square with `df` degrees of freedom. */
export function chiSquareUpperTail(x: number, df: number): number {
  if (x <= 0) return 1;
  return gammaQ(df / 2, x / 2);
}

// Lanczos (g = 7, n = 9).
const LANCZOS: readonly [number, ...number[]] = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  const [first, ...rest] = LANCZOS;
  const sum = rest.reduce((total, k, i) => total + k / (y + i + 1), first);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized upper incomplete gamma Q(s, x): a series below s + 1, a continued fraction above. */
function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  const prefix = -x + s * Math.log(x) - logGamma(s);
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (s + n);
      sum += term;
    }
    return 1 - sum * Math.exp(prefix);
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(prefix) * h;
}
