import { planOf } from './experiment-plan';
import { readResults } from './experiment-results';
import type { ArmClientRow, Experiment } from './experiment-store';

const plan = planOf({
  ...{ id: 'x', kind: 'blog', itemId: 'x', variants: [{ name: 'B', revision: 2 }], trafficShare: 1, metric: 'leads-per-visitor' },
  ...{ guardrails: {}, baselineRate: 0.05, minimumLift: 0.2, plannedDays: 14 },
});
const experiment: Experiment = {
  ...{ id: 'x', kind: 'blog', itemId: 'x', state: 'running', plan, controlRevision: 1, createdBy: 't', createdAt: 0 },
  ...{ startedAt: 0, endedAt: null, endReason: null, armsOff: [], shippedVariant: null, version: 1 },
};

/** `visitors` visitors of `arm` spread over 100 networks, `leads` of them converted. */
const arm = (name: string, visitors: number, leads: number): ArmClientRow[] =>
  Array.from({ length: 100 }, (_, i) => ({
    ...{
      arm: name,
      client: `n${i}`,
      visitors: visitors / 100,
      views: visitors / 100,
      conversions: Math.floor(leads / 100) + (i < leads % 100 ? 1 : 0),
    },
    ...{ erroredViews: 0, failedLoads: 0 },
  }));
const read = (rows: ArmClientRow[], maxClientShare = 0.1) => readResults(experiment, { rows, p75: async () => null, maxClientShare });

describe('reading an experiment', () => {
  it('finds a clear winner, with its lift and interval', async () => {
    const results = await read([...arm('control', 10_000, 500), ...arm('B', 10_000, 700)]);
    expect(results.arms.map((a) => [a.arm, a.visitors, a.leads])).toEqual([
      ['control', 10_000, 500],
      ['B', 10_000, 700],
    ]);
    expect(results.variants[0]).toMatchObject({ arm: 'B', verdict: 'better' });
    expect(results.variants[0]!.lift).toBeCloseTo(0.4, 6);
    expect(results.variants[0]!.p).toBeLessThan(0.05);
  });

  it('gives no verdict at all when the split is broken, and says why', async () => {
    const results = await read([...arm('control', 10_000, 500), ...arm('B', 9_000, 700)]);
    expect(results.readable).toBe(false);
    expect(results.variants[0]!.verdict).toBe('unreadable');
    expect(results.sampleRatio.reason).toMatch(/^Sample ratio mismatch: visitors split 52.6 % \/ 47.4 %/);
  });

  it('holds one network to its share of an arm, so one office cannot decide', async () => {
    const office: ArmClientRow = {
      arm: 'B',
      client: 'office',
      visitors: 5_000,
      views: 5_000,
      conversions: 2_000,
      erroredViews: 0,
      failedLoads: 0,
    };
    const results = await read([...arm('control', 1_000, 50), ...arm('B', 1_000, 50), office]);
    const b = results.arms[1]!;
    // The office keeps a ninth of the others' visitors (a tenth of the arm), its leads scaled alike.
    expect(b.visitors).toBe(1_000 + 111);
    expect(b.leads).toBe(50 + 44);
  });
});
