import pino from 'pino';
import type { RumReport } from '@cardlift/contracts';
import { RumAggregator, UNKNOWN_ROUTE, type AggregatorOptions } from './rum-aggregator';
import type { RumRow, RumStore } from './rum-store';

function memoryStore(): RumStore & { rows: RumRow[]; pruned: number[] } {
  const rows: RumRow[] = [];
  const pruned: number[] = [];
  return {
    rows,
    pruned,
    add: async (added) => void rows.push(...added),
    prune: async (before) => (pruned.push(before), 0),
    totals: async () => [],
    routeTotals: async () => [],
    slotTotals: async () => [],
    outboxBacklog: async () => ({ pending: 0, failed: 0, oldestPendingAt: null }),
    close: async () => undefined,
  };
}

/** The routes of the site's pages, as the page tables list them. */
const knownRoute = (route: string) => ['/invest', '/blog/:id', '*'].includes(route);

/** An aggregator writing to `store`: 14 days kept, 100 keys at most, the site's routes, unless told otherwise. */
const aggregatorOn = (store: RumStore, options: Partial<AggregatorOptions> = {}) =>
  new RumAggregator(async () => store, pino({ level: 'silent' }), {
    flushMs: 1000,
    retentionDays: 14,
    maxKeys: 100,
    knownRoute,
    ...options,
  });

const report = (route: string, lcp: number, version = '2.0.0'): RumReport => ({
  route,
  section: 'mf_invest',
  versions: { shell: '1.0.0', mf_invest: version },
  device: 'desktop',
  metrics: { lcp },
  errors: { mf_invest: 2 },
});

describe('RumAggregator', () => {
  it('folds reports into counts per section version, metric, device, minute and bucket', async () => {
    const store = memoryStore();
    const aggregator = aggregatorOn(store, { now: () => 60_000 * 1000 });
    aggregator.add(report('/invest', 1200));
    aggregator.add(report('/invest', 1210));
    await aggregator.flush();
    const views = store.rows.find((r) => r.metric === 'views');
    expect(views).toMatchObject({ minute: 1000, section: 'mf_invest', version: '2.0.0', route: '/invest', device: 'desktop', count: 2 });
    expect(store.rows.find((r) => r.metric === 'errors')?.count).toBe(4);
    expect(store.rows.filter((r) => r.metric === 'lcp').reduce((n, r) => n + r.count, 0)).toBe(2);
    // Pruned to the retention window on the flush.
    expect(store.pruned).toEqual([1000 - 14 * 24 * 60]);
  });

  it('holds no more keys than its cap, whatever arrives, and counts what it drops', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const store = memoryStore();
    // A slow database: no flush finishes while the flood goes on.
    const slow: RumStore = { ...store, add: async (rows) => void (await gate, store.rows.push(...rows)) };
    const aggregator = aggregatorOn(slow, { maxKeys: 50 });
    // Every report a version of its own: three new keys each.
    for (let i = 0; i < 2000; i++) aggregator.add(report('/invest', 1200, `2.0.${i}`));
    expect(aggregator.size()).toBeLessThanOrEqual(50);
    expect(aggregator.dropped).toBeGreaterThan(0);
    open();
    await aggregator.stop();
    expect(aggregator.size()).toBe(0);
    // What was kept was written: views of the versions that fit, none counted twice.
    const views = store.rows.filter((r) => r.metric === 'views');
    expect(new Set(views.map((r) => r.version)).size).toBe(views.length);
  });

  it("files a page view under its page's route, and a route the site does not know under one fixed value", async () => {
    const store = memoryStore();
    const aggregator = aggregatorOn(store);
    aggregator.add(report('/blog/:id', 900));
    // A forged report per made-up route, and a path with its ids where the pattern belongs.
    for (let i = 0; i < 500; i++) aggregator.add(report(`/made-up/${i}`, 900));
    aggregator.add(report('/blog/some-post', 900));
    // Every kept key is one of a handful, whatever the routes sent: views, lcp and errors per route.
    expect(aggregator.size()).toBe(6);
    await aggregator.flush();
    const views = Object.fromEntries(store.rows.filter((r) => r.metric === 'views').map((r) => [r.route, r.count]));
    expect(views).toEqual({ '/blog/:id': 1, [UNKNOWN_ROUTE]: 501 });
    expect(store.rows.find((r) => r.metric === 'errors' && r.route === '/blog/:id')?.count).toBe(2);
  });
});
