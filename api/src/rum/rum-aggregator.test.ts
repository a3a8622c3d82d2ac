import pino from 'pino';
import type { CountedView } from './counted-view';
import { RumAggregator, type AggregatorOptions } from './rum-aggregator';
import type { RumClientRow, RumRow, RumStore } from './rum-store';

/** A store in memory: the ledger of view ids is a set, as the databases' unique key is. */
function memoryStore(): RumStore & { rows: RumRow[]; clients: RumClientRow[]; pruned: number[] } {
  const rows: RumRow[] = [];
  const clients: RumClientRow[] = [];
  const pruned: number[] = [];
  const ids = new Set<string>();
  return {
    rows,
    clients,
    pruned,
    add: async (added, addedClients = []) => void (rows.push(...added), clients.push(...addedClients)),
    claimViews: async (views) => new Set(views.filter((v) => !ids.has(v.id) && ids.add(v.id)).map((v) => v.id)),
    prune: async (before) => (pruned.push(before), 0),
    totals: async () => [],
    routeTotals: async () => [],
    clientTotals: async () => [],
    clientTimingTotals: async () => [],
    leadViewTotals: async () => [],
    slotTotals: async () => [],
    outboxBacklog: async () => ({ pending: 0, failed: 0, oldestPendingAt: null }),
    close: async () => undefined,
  };
}

/** An aggregator writing to `store`: 14 days kept, 100 views waiting at most, unless told otherwise. */
const aggregatorOn = (store: RumStore, options: Partial<AggregatorOptions> = {}) =>
  new RumAggregator(async () => store, pino({ level: 'silent' }), { flushMs: 1000, retentionDays: 14, maxKeys: 100, ...options });

let ids = 0;
const view = (overrides: Partial<CountedView> = {}): CountedView => ({
  id: `view-${++ids}`,
  expiresAt: Date.now() + 3_600_000,
  minute: 1000,
  client: 'net-a',
  section: 'mf_invest',
  route: '/invest',
  device: 'desktop',
  versions: { shell: '1.0.0', mf_invest: '2.0.0' },
  metrics: { lcp: 1200 },
  errorSections: ['mf_invest'],
  failedRemotes: [],
  skewRecovered: false,
  contactOutcomes: [],
  ...overrides,
});

describe('RumAggregator', () => {
  it('folds views into counts per section version, route, metric, device, minute and bucket: one view is one view', async () => {
    const store = memoryStore();
    const aggregator = aggregatorOn(store, { now: () => 60_000 * 1000 });
    aggregator.add(view({ metrics: { lcp: 1200 } }));
    aggregator.add(view({ metrics: { lcp: 1210 }, errorSections: ['mf_invest', 'shell'], failedRemotes: ['mf_company'] }));
    await aggregator.flush();
    const views = store.rows.find((r) => r.metric === 'views');
    expect(views).toMatchObject({ minute: 1000, section: 'mf_invest', version: '2.0.0', route: '/invest', device: 'desktop', count: 2 });
    expect(store.rows.find((r) => r.metric === 'error_views' && r.section === 'mf_invest')?.count).toBe(2);
    expect(store.rows.find((r) => r.metric === 'error_views' && r.section === 'shell')).toMatchObject({ version: '1.0.0', count: 1 });
    expect(store.rows.find((r) => r.metric === 'failure_views')).toMatchObject({ section: 'mf_company', version: '-', count: 1 });
    expect(store.rows.filter((r) => r.metric === 'lcp').reduce((n, r) => n + r.count, 0)).toBe(2);
    // Pruned to the retention window on the flush.
    expect(store.pruned).toEqual([1000 - 14 * 24 * 60]);
  });

  it('counts a view once, whichever write or instance sees its id first, and tells how many were replays', async () => {
    const store = memoryStore();
    let replayed = 0;
    const aggregator = aggregatorOn(store, { onReplayed: (n) => (replayed += n) });
    const once = view();
    aggregator.add(once);
    aggregator.add(once);
    await aggregator.flush();
    // A second instance (another aggregator on the same ledger) gets the same report later.
    const other = aggregatorOn(store, { onReplayed: (n) => (replayed += n) });
    other.add(once);
    await other.flush();
    expect(store.rows.filter((r) => r.metric === 'views').reduce((n, r) => n + r.count, 0)).toBe(1);
    expect(replayed).toBe(2);
  });

  it("keeps each client's counts only for the builds a running canary compares", async () => {
    const store = memoryStore();
    const aggregator = aggregatorOn(store, { judged: (section, version) => section === 'mf_invest' && version === '2.0.0' });
    aggregator.add(view({ client: 'net-a', failedRemotes: ['mf_invest'] }));
    aggregator.add(view({ client: 'net-a', errorSections: [], contactOutcomes: ['stored'] }));
    aggregator.add(view({ client: 'net-b', versions: { mf_invest: '1.9.0' } }));
    await aggregator.flush();
    expect(store.clients).toEqual([
      expect.objectContaining({
        section: 'mf_invest',
        version: '2.0.0',
        client: 'net-a',
        views: 2,
        errorViews: 1,
        failureViews: 1,
        // A report's "stored" is shown, never counted: the guard's leads are the lead store's.
        storedLeads: 0,
      }),
    ]);
  });

  it('holds no more views than its cap, whatever arrives, and counts what it drops', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const store = memoryStore();
    // A slow database: no write finishes while the flood goes on.
    const slow: RumStore = { ...store, claimViews: async (views) => (await gate, store.claimViews(views)) };
    const aggregator = aggregatorOn(slow, { maxKeys: 50 });
    for (let i = 0; i < 2000; i++) aggregator.add(view({ versions: { mf_invest: `2.0.${i}` } }));
    expect(aggregator.size()).toBeLessThanOrEqual(50);
    expect(aggregator.dropped).toBeGreaterThan(0);
    open();
    await aggregator.stop();
    expect(aggregator.size()).toBe(0);
    // What was kept was written, none counted twice.
    const views = store.rows.filter((r) => r.metric === 'views');
    expect(new Set(views.map((r) => r.version)).size).toBe(views.length);
    expect(views.length + aggregator.dropped).toBe(2000);
  });

  it('keeps the views when the database cannot take them, and writes them on the next flush', async () => {
    const store = memoryStore();
    let down = true;
    const flaky: RumStore = {
      ...store,
      claimViews: async (views) => (down ? Promise.reject(new Error('ECONNREFUSED')) : store.claimViews(views)),
    };
    const aggregator = aggregatorOn(flaky);
    aggregator.add(view());
    await aggregator.flush();
    expect(store.rows).toEqual([]);
    down = false;
    await aggregator.flush();
    expect(store.rows.find((r) => r.metric === 'views')?.count).toBe(1);
  });
});
