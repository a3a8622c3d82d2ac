import { chiSquareUpperTail, normalCdf, normalQuantile } from './distributions';
import { newcombeDifference, relativeLift, wilsonInterval } from './proportions';
import { sampleRatioCheck } from './sample-ratio';
import { sampleSizePerArm } from './sample-size';

const close = (actual: number, expected: number, digits = 4) => expect(actual).toBeCloseTo(expected, digits);

describe('distributions against published tables', () => {
  it('normal quantiles and tails', () => {
    close(normalQuantile(0.975), 1.959964, 6);
    close(normalQuantile(0.8), 0.841621, 6);
    close(normalCdf(-3.3) * 1e4, 4.834241, 5);
    // chi-square critical values: 10.828 at p = 0.001 with 1 df, 7.815 at 0.05 with 3 df.
    close(chiSquareUpperTail(10.828, 1), 0.001, 5);
    close(chiSquareUpperTail(7.815, 3), 0.05, 4);
  });
});

describe('two-proportion intervals', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('Wilson interval of %i/%i is %f to %f', (conversions, units, low, high) => {
    const interval = wilsonInterval({ units, conversions });
    close(interval.low, low);
    close(interval.high, high);
  });

  // Newcombe (1998), "Interval estimation for the difference between independent proportions", Table II, method 10.
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
  ])('difference %i/%i - %i/%i is %f to %f', (xv, nv, xc, nc, low, high) => {
    const interval = newcombeDifference({ units: nc, conversions: xc }, { units: nv, conversions: xv });
    close(interval.low, low);
    close(interval.high, high);
  });

  it("relative lift with Katz's log interval (70/1000 against 50/1000: ratio 1.4, 0.984 to 1.991)", () => {
    const lift = relativeLift({ units: 1000, conversions: 50 }, { units: 1000, conversions: 70 });
    close(lift.relative!, 0.4);
    close(lift.interval!.low, 0.984424 - 1);
    close(lift.interval!.high, 1.991012 - 1);
  });

  it('says nothing it cannot know, and refuses impossible counts', () => {
    expect(relativeLift({ units: 100, conversions: 0 }, { units: 100, conversions: 3 })).toEqual({ relative: null, interval: null });
    expect(wilsonInterval({ units: 0, conversions: 0 })).toEqual({ low: 0, high: 1 });
    expect(() => wilsonInterval({ units: 5, conversions: 6 })).toThrow(/conversions <= units/);
  });
});

describe('sample ratio mismatch', () => {
  // Kohavi, Tang and Xu, "Trustworthy Online Controlled Experiments" (2020), chapter 3: 821,588 vs
  // 815,482 visitors on a 50/50 split is a ratio of 0.5037 with p = 1.8e-6.
  it('flags the textbook mismatch and says why', () => {
    const check = sampleRatioCheck([821588, 815482], [50, 50]);
    close(check.chiSquare, 22.7744, 3);
    close(check.p * 1e6, 1.82, 2);
    expect(check.mismatch).toBe(true);
    expect(check.reason).toMatch(/Sample ratio mismatch: visitors split 50.2 % \/ 49.8 % against a planned 50.0 % \/ 50.0 %/);
  });

  it('passes a fair three-arm split and weighs an uneven plan', () => {
    const check = sampleRatioCheck([5000, 5100, 4800], [1, 1, 1]);
    close(check.p, 0.009114);
    expect(check.mismatch).toBe(false);
    expect(sampleRatioCheck([8000, 2000], [80, 20]).p).toBe(1);
    expect(sampleRatioCheck([5000, 5000], [80, 20]).mismatch).toBe(true);
  });
});

describe('sample size', () => {
  // R: power.prop.test(p1 = .50, p2 = .75, power = .90) => n = 76.7 (its documented example).
  it("matches R's power.prop.test", () => {
    expect(sampleSizePerArm({ baselineRate: 0.5, minimumLift: 0.5, power: 0.9 })).toBe(77);
  });

  it('grows as the effect shrinks, and refuses impossible plans', () => {
    const big = sampleSizePerArm({ baselineRate: 0.03, minimumLift: 0.2 });
    expect(big).toBeGreaterThan(sampleSizePerArm({ baselineRate: 0.03, minimumLift: 0.4 }) * 3);
    expect(() => sampleSizePerArm({ baselineRate: 0.6, minimumLift: 1 })).toThrow(/strictly between 0 and 1/);
  });
});
