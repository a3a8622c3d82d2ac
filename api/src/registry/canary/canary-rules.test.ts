/** The guard's rules at their edges: each fires just past its limits and not at them. */
import { decideCanary, leadRateZ, nextShare, type CanarySettings, type SideFigures } from './canary-rules';

const settings: CanarySettings = { minViews: 200, bakeMs: 60_000, steps: [10, 50, 100] };
const side = (figures: Partial<SideFigures> = {}): SideFigures => ({
  views: 1000,
  errors: 0,
  remoteFailures: 0,
  storedLeads: 0,
  p75Inp: 100,
  p75Lcp: 1000,
  ...figures,
});
const judge = (canary: Partial<SideFigures>, current: Partial<SideFigures> = {}, more: { share?: number; elapsedMs?: number } = {}) =>
  decideCanary({ canary: side(canary), current: side(current), share: more.share ?? 10, elapsedMs: more.elapsedMs ?? 0, settings });

describe('canary rules', () => {
  it('holds without enough views on either side, and says so', () => {
    expect(judge({ views: 199, errors: 199 })).toMatchObject({ action: 'hold', rule: 'not-enough-views' });
    expect(judge({}, { views: 0 })).toMatchObject({ action: 'hold', rule: 'not-enough-views' });
    expect(judge({ views: 0 }, { views: 0 }).reason).toBe(
      'waiting for 200 views on each side, on pages both are seen on (canary 0, current 0)',
    );
  });

  it('errors: more than twice the current rate and more than one point above it', () => {
    // current 1 per 100; canary 2.0 is exactly 2x (no), 2.1 is over 2x and over +1 (yes)
    expect(judge({ errors: 20 }, { errors: 10 }).rule).toBe('baking');
    expect(judge({ errors: 21 }, { errors: 10 })).toMatchObject({ action: 'rollback', rule: 'errors' });
    // current 0: 1.0 per 100 is not above +1, 1.1 is
    expect(judge({ errors: 10 }).rule).toBe('baking');
    expect(judge({ errors: 11 }).rule).toBe('errors');
    // current 5 per 100: 10.1 is over 2x but 6.0 would only be +1
    expect(judge({ errors: 60 }, { errors: 50 }).rule).toBe('baking');
    expect(judge({ errors: 101 }, { errors: 50 }).rule).toBe('errors');
  });

  it('INP: p75 worse by more than 50 % and more than 100 ms', () => {
    expect(judge({ p75Inp: 300 }, { p75Inp: 200 }).rule).toBe('baking'); // +50 % exactly
    expect(judge({ p75Inp: 301 }, { p75Inp: 200 }).rule).toBe('inp');
    expect(judge({ p75Inp: 150 }, { p75Inp: 50 }).rule).toBe('baking'); // +200 % but only +100 ms
    expect(judge({ p75Inp: 151 }, { p75Inp: 50 }).rule).toBe('inp');
    expect(judge({ p75Inp: 5000 }, { p75Inp: null }).rule).toBe('baking'); // nothing to compare with
  });

  it('LCP: p75 worse by more than 25 % and more than 500 ms', () => {
    expect(judge({ p75Lcp: 2500 }, { p75Lcp: 2000 }).rule).toBe('baking'); // +25 %, +500 ms exactly
    expect(judge({ p75Lcp: 2501 }, { p75Lcp: 2000 }).rule).toBe('lcp');
    expect(judge({ p75Lcp: 1501 }, { p75Lcp: 1000 }).rule).toBe('lcp');
    expect(judge({ p75Lcp: 4000 }, { p75Lcp: 3500 }).rule).toBe('baking'); // +500 ms but under +25 %
  });

  it('remote-load failures: more than 1 % of the canary views', () => {
    expect(judge({ remoteFailures: 10 }).rule).toBe('baking');
    expect(judge({ remoteFailures: 11 })).toMatchObject({ action: 'rollback', rule: 'remote-failures' });
  });

  it('stored-lead rate: lower with 95 % one-sided confidence only', () => {
    // 30 vs 50 per 1000 views: z = -2.28, significant
    expect(leadRateZ(side({ storedLeads: 30 }), side({ storedLeads: 50 }))).toBeCloseTo(-2.28, 2);
    expect(judge({ storedLeads: 30 }, { storedLeads: 50 }).rule).toBe('lead-rate');
    // 35 vs 50: z = -1.66, just past; 36 vs 50: z = -1.54, not
    expect(judge({ storedLeads: 35 }, { storedLeads: 50 }).rule).toBe('lead-rate');
    expect(judge({ storedLeads: 36 }, { storedLeads: 50 }).rule).toBe('baking');
    // higher is never a reason, nor no leads at all
    expect(judge({ storedLeads: 80 }, { storedLeads: 50 }).rule).toBe('baking');
    expect(leadRateZ(side(), side())).toBeNull();
  });

  it('steps up along the steps once baked, completes at 100, waits for a person when manual', () => {
    expect(judge({}, {}, { elapsedMs: 59_999 })).toMatchObject({ action: 'hold', rule: 'baking' });
    expect(judge({}, {}, { elapsedMs: 60_000 })).toMatchObject({ action: 'step', share: 50 });
    expect(judge({}, {}, { share: 50, elapsedMs: 60_000 })).toMatchObject({ action: 'complete', rule: 'healthy' });
    expect(nextShare(30, [10, 50, 100])).toBe(50);
    expect(nextShare(70, [10, 50])).toBe(100);
    const manual = decideCanary({ canary: side(), current: side(), share: 10, elapsedMs: 1e9, settings: { ...settings, steps: 'manual' } });
    expect(manual).toMatchObject({ action: 'hold', rule: 'manual' });
  });

  it('a broken rule rolls back even when the bake time has passed', () => {
    expect(judge({ errors: 500 }, {}, { elapsedMs: 1e9 })).toMatchObject({ action: 'rollback', rule: 'errors' });
  });
});
