/** The guard's rules at their edges: each fires just past its limits and not at them. */
import {
  decideCanary,
  leadRateZ,
  MIN_RENDER_FAILURES,
  nextShare,
  type CanarySettings,
  type RenderFigures,
  type SideFigures,
} from './canary-rules';

const settings: CanarySettings = { minViews: 200, minClients: 20, bakeMs: 60_000, steps: [10, 50, 100], maxHoldMs: 1e12 };
const side = (figures: Partial<SideFigures> = {}): SideFigures => ({
  views: 1000,
  clients: 100,
  errorViews: 0,
  failureViews: 0,
  storedLeads: 0,
  failedSubmits: 0,
  p75Inp: 100,
  p75Lcp: 1000,
  ...figures,
});
type More = {
  share?: number;
  elapsedMs?: number;
  baseline?: Partial<SideFigures>;
  withoutTopClients?: { canary?: Partial<SideFigures>; current?: Partial<SideFigures> }[];
  renders?: { canary: RenderFigures; current: RenderFigures };
};
const judge = (canary: Partial<SideFigures>, current: Partial<SideFigures> = {}, more: More = {}) =>
  decideCanary({
    canary: side(canary),
    current: side(current),
    share: more.share ?? 10,
    elapsedMs: more.elapsedMs ?? 0,
    settings,
    baseline: more.baseline && side(more.baseline),
    withoutTopClients: more.withoutTopClients?.map((sides) => ({
      canary: side({ ...canary, ...sides.canary }),
      current: side({ ...current, ...sides.current }),
    })),
    renders: more.renders,
  });

describe('canary rules', () => {
  it('holds without enough views on either side, and says so', () => {
    expect(judge({ views: 199, errorViews: 199 })).toMatchObject({ action: 'hold', rule: 'not-enough-views' });
    expect(judge({}, { views: 0 })).toMatchObject({ action: 'hold', rule: 'not-enough-views' });
    expect(judge({ views: 0 }, { views: 0 }).reason).toBe(
      'waiting for 200 views on each side, on pages both are seen on (canary 0, current 0)',
    );
  });

  it('views with errors: more than twice the current rate and more than one point above it', () => {
    // current 1 per 100; canary 2.0 is exactly 2x (no), 2.1 is over 2x and over +1 (yes)
    expect(judge({ errorViews: 20 }, { errorViews: 10 }).rule).toBe('baking');
    expect(judge({ errorViews: 21 }, { errorViews: 10 })).toMatchObject({ action: 'rollback', rule: 'errors' });
    // current 0: 1.0 per 100 is not above +1, 1.1 is
    expect(judge({ errorViews: 10 }).rule).toBe('baking');
    expect(judge({ errorViews: 11 }).rule).toBe('errors');
    // current 5 per 100: 10.1 is over 2x but 6.0 would only be +1
    expect(judge({ errorViews: 60 }, { errorViews: 50 }).rule).toBe('baking');
    expect(judge({ errorViews: 101 }, { errorViews: 50 }).rule).toBe('errors');
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
    expect(judge({ failureViews: 10 }).rule).toBe('baking');
    expect(judge({ failureViews: 11 })).toMatchObject({ action: 'rollback', rule: 'remote-failures' });
  });

  it('server render failures: at least five, over twice the current rate and over one point above it, whatever the views', () => {
    const renders = (canary: RenderFigures, current: RenderFigures = { renders: 1000, failures: 0 }) => ({ renders: { canary, current } });
    const few = { views: 0, clients: 0 };
    expect(judge(few, few, renders({ renders: 5, failures: 5 }))).toMatchObject({ action: 'rollback', rule: 'render-failures' });
    expect(judge(few, few, renders({ renders: 5, failures: 4 }))).toMatchObject({ action: 'hold', rule: 'not-enough-views' });
    expect(MIN_RENDER_FAILURES).toBe(5);
    // 2.1 per 100 against 1: over 2x and over +1.
    expect(judge({}, {}, renders({ renders: 1000, failures: 21 }, { renders: 1000, failures: 10 }))).toMatchObject({
      rule: 'render-failures',
    });
    expect(judge({}, {}, renders({ renders: 1000, failures: 20 }, { renders: 1000, failures: 10 }))).toMatchObject({ action: 'hold' });
    // 1.5 per 100 against 0.5: over 2x, but not over +1.
    expect(judge({}, {}, renders({ renders: 1000, failures: 15 }, { renders: 1000, failures: 5 }))).toMatchObject({ action: 'hold' });
    expect(judge({}, {}, renders({ renders: 1000, failures: 16 }, { renders: 1000, failures: 5 }))).toMatchObject({
      rule: 'render-failures',
    });
    // A current version with no render in the window counts no failure: the canary's are judged alone.
    expect(judge({}, {}, renders({ renders: 6, failures: 6 }, { renders: 0, failures: 0 })).reason).toBe(
      'server renders failed 6 of 6 against 0 of 0 (per 100 renders 100 against 0: over 2x and over +1)',
    );
    // Honest renders never roll back.
    expect(judge({}, {}, renders({ renders: 5000, failures: 0 }))).toMatchObject({ action: 'hold', rule: 'baking' });
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
    expect(judge({ errorViews: 500 }, {}, { elapsedMs: 1e9 })).toMatchObject({ action: 'rollback', rule: 'errors' });
  });

  it('holds until each side has views from CANARY_MIN_CLIENTS different clients, and says so', () => {
    expect(judge({ clients: 19 }, {}, { elapsedMs: 1e9 })).toMatchObject({ action: 'hold', rule: 'not-enough-clients' });
    expect(judge({ errorViews: 500, clients: 2 })).toMatchObject({ action: 'hold', rule: 'not-enough-clients' });
    expect(judge({}, { clients: 2 }).reason).toBe('waiting for views from 20 different clients on each side (canary 100, current 2)');
    expect(judge({ clients: 20 }, { clients: 20 }, { elapsedMs: 1e9 })).toMatchObject({ action: 'step' });
  });

  it('holds when the current version is worse than it was before the canary started (a moving or poisoned baseline)', () => {
    // The current version at 10 views with errors per 100 now, against 1 before: judging against it could pass a broken canary.
    const poisoned = judge({ errorViews: 90 }, { errorViews: 100 }, { elapsedMs: 1e9, baseline: { errorViews: 10 } });
    expect(poisoned).toMatchObject({ action: 'hold', rule: 'baseline-shift' });
    expect(poisoned.reason).toMatch(/current version changed since the canary started \(views with errors per 100 views 10 against 1/);
    // Too few views before the canary to tell: judged as usual.
    expect(judge({}, {}, { elapsedMs: 1e9, baseline: { views: 10, errorViews: 10 } })).toMatchObject({ action: 'step' });
    // The same as before: judged as usual.
    expect(judge({}, { errorViews: 10 }, { elapsedMs: 1e9, baseline: { errorViews: 10 } })).toMatchObject({ action: 'step' });
  });

  it('never acts on evidence that one client makes or unmakes', () => {
    // Broken with everyone, healthy without one client: not a rollback.
    const oneClient = judge({ errorViews: 100 }, {}, { withoutTopClients: [{ canary: { views: 900, errorViews: 0 } }] });
    expect(oneClient).toMatchObject({ action: 'hold', rule: 'one-client' });
    expect(oneClient.reason).toMatch(/the evidence to rollback rests on one or two clients/);
    // Healthy with everyone, broken without the current side's most extreme client: no step.
    const step = judge(
      { errorViews: 20 },
      { errorViews: 15 },
      { elapsedMs: 1e9, withoutTopClients: [{ current: { views: 900, errorViews: 0 } }] },
    );
    expect(step).toMatchObject({ action: 'hold', rule: 'one-client' });
    // The same either way: acted on.
    expect(judge({ errorViews: 100 }, {}, { withoutTopClients: [{ canary: { views: 900, errorViews: 90 } }] })).toMatchObject({
      action: 'rollback',
    });
    expect(judge({}, {}, { elapsedMs: 1e9, withoutTopClients: [{ canary: { views: 900 } }, { current: { views: 900 } }] })).toMatchObject({
      action: 'step',
    });
  });
});
