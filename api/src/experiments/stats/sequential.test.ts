import { mixingScale, sequentialTest } from './sequential';
import { seededRandom } from '../../../test/seeded-random';

function binomial(random: () => number, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (random() < p) k++;
  return k;
}

/** Runs `runs` experiments of `days` days, looking at the p-value every day; the share ever below alpha. */
function everSignificant(runs: number, days: number, perDay: number, rates: [number, number], tau: number, alpha: number, seed: number) {
  const random = seededRandom(seed);
  let hits = 0;
  let firstDays = 0;
  for (let run = 0; run < runs; run++) {
    const control = { units: 0, conversions: 0 };
    const variant = { units: 0, conversions: 0 };
    let p = 1;
    for (let day = 1; day <= days; day++) {
      control.units += perDay;
      variant.units += perDay;
      control.conversions += binomial(random, perDay, rates[0]);
      variant.conversions += binomial(random, perDay, rates[1]);
      p = sequentialTest(control, variant, tau, p).p;
      if (p < alpha) {
        hits++;
        firstDays += day;
        break;
      }
    }
  }
  return { rate: hits / runs, meanDay: hits ? firstDays / hits : null };
}

describe('the always-valid sequential test', () => {
  const tau = mixingScale(0.05, 0.2);

  it('keeps the false-positive rate at or under alpha in 1,000 A/A experiments looked at daily', () => {
    const { rate } = everSignificant(1000, 28, 250, [0.05, 0.05], tau, 0.05, 45);
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('where a fixed-horizon z-test read daily would not (the peeking it guards against)', () => {
    const random = seededRandom(7);
    let hits = 0;
    for (let run = 0; run < 1000; run++) {
      let xc = 0;
      let xv = 0;
      for (let day = 1; day <= 28; day++) {
        xc += binomial(random, 250, 0.05);
        xv += binomial(random, 250, 0.05);
        const n = 250 * day;
        const pooled = (xc + xv) / (2 * n);
        const z = (xv - xc) / n / Math.sqrt((pooled * (1 - pooled) * 2) / n);
        if (Math.abs(z) > 1.96) {
          hits++;
          break;
        }
      }
    }
    expect(hits / 1000).toBeGreaterThan(0.1);
  });

  it('finds a real +40 % lift', () => {
    const { rate } = everSignificant(200, 28, 250, [0.05, 0.07], tau, 0.05, 3);
    expect(rate).toBeGreaterThan(0.8);
  });

  it('never raises the p-value above an earlier look, and gives no evidence without conversions', () => {
    expect(sequentialTest({ units: 100, conversions: 0 }, { units: 100, conversions: 0 }, tau).p).toBe(1);
    expect(sequentialTest({ units: 1000, conversions: 50 }, { units: 1000, conversions: 50 }, tau, 0.2).p).toBe(0.2);
    expect(() => sequentialTest({ units: 1, conversions: 0 }, { units: 1, conversions: 0 }, 0)).toThrow(/tau/);
  });
});
