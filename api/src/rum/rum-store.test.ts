/**
 * The aggregates' store, the same behaviour on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL:
 * counts add up across writes (as they do across instances), sums cover a window (over routes, or per
 * route), old rows are pruned, and the outbox's backlog is read from the leads' tables.
 */
import { contactSubmission } from '../../test/contact-submission';
import { describeEachDatabase, type TestDatabase } from '../../test/databases';
import { onOwnDatabase } from '../database/own-database';
import { leadStoreOn } from '../leads/open-lead-store';
import { rumStoreOn } from './rum-store';
import { rumRow as row } from '../../test/rum-rows';

/** The aggregates and the leads on one new, empty database. */
async function fresh(database: TestDatabase) {
  const { target, drop } = await database.fresh();
  return { rum: await onOwnDatabase(target, rumStoreOn), leads: await onOwnDatabase(target, leadStoreOn), cleanup: drop };
}

describeEachDatabase('rum store', 'rum_test', (database) => {
  let db: Awaited<ReturnType<typeof fresh>>;
  beforeEach(async () => {
    db = await fresh(database);
  });
  afterEach(async () => {
    await db.rum.close();
    await db.leads.close();
    await db.cleanup();
  });

  it('adds counts to the stored ones and sums a window per section, version, metric and bucket', async () => {
    await db.rum.add([row(100, '1.0.0', 'views', 0, 3), row(100, '1.0.0', 'lcp', 70, 2), row(90, '1.0.0', 'views', 0, 5)]);
    await db.rum.add([
      row(100, '1.0.0', 'views', 0, 4),
      row(101, '1.1.0', 'views', 0, 1),
      { ...row(100, '1.0.0', 'views', 0, 9), section: 'mf_company' },
    ]);
    const totals = await db.rum.totals(95, 'mf_invest');
    const find = (version: string, metric: string) => totals.find((t) => t.version === version && t.metric === metric)?.count;
    expect(find('1.0.0', 'views')).toBe(7);
    expect(find('1.0.0', 'lcp')).toBe(2);
    expect(find('1.1.0', 'views')).toBe(1);
    expect(totals.every((t) => t.section === 'mf_invest')).toBe(true);
    expect((await db.rum.totals(0)).find((t) => t.section === 'mf_company')?.count).toBe(9);
  });

  it('sums one section per time slot aligned on the epoch, over devices, from the first minute asked', async () => {
    await db.rum.add([
      row(95, '1.0.0', 'views', 0, 9),
      row(100, '1.0.0', 'views', 0, 1),
      { ...row(104, '1.0.0', 'views', 0, 2), device: 'desktop' },
      row(105, '1.0.0', 'inp', 40, 3),
      row(119, '1.1.0', 'views', 0, 4),
      { ...row(110, '1.0.0', 'views', 0, 7), section: 'mf_company' },
    ]);
    const slots = await db.rum.slotTotals(100, 'mf_invest', 15);
    const sorted = [...slots].sort((a, b) => a.slot - b.slot || a.version.localeCompare(b.version));
    expect(sorted).toEqual([
      { slot: 90, version: '1.0.0', metric: 'views', bucket: 0, count: 3 },
      { slot: 105, version: '1.0.0', metric: 'inp', bucket: 40, count: 3 },
      { slot: 105, version: '1.1.0', metric: 'views', bucket: 0, count: 4 },
    ]);
  });

  it("keeps a section's counts apart per route on request, and sums them over routes otherwise", async () => {
    await db.rum.add([
      row(100, '1.0.0', 'views', 0, 3),
      { ...row(100, '1.0.0', 'views', 0, 2), route: '/invest/faq' },
      { ...row(101, '1.0.0', 'views', 0, 4), route: '/invest/faq', device: 'desktop' },
      { ...row(90, '1.0.0', 'views', 0, 50), route: '/invest/faq' },
      { ...row(100, '1.0.0', 'views', 0, 8), section: 'mf_company', route: '/about' },
    ]);
    const perRoute = await db.rum.routeTotals(95, 'mf_invest');
    expect([...perRoute].sort((a, b) => a.route.localeCompare(b.route))).toEqual([
      { route: '/invest', version: '1.0.0', metric: 'views', bucket: 0, count: 3 },
      { route: '/invest/faq', version: '1.0.0', metric: 'views', bucket: 0, count: 6 },
    ]);
    expect((await db.rum.totals(95, 'mf_invest')).map((t) => t.count)).toEqual([9]);
  });

  it('prunes rows older than the retention window', async () => {
    await db.rum.add([row(10, '1.0.0', 'views', 0, 1), row(20, '1.0.0', 'views', 0, 1)]);
    expect(await db.rum.prune(15)).toBe(1);
    expect((await db.rum.totals(0)).map((t) => t.count)).toEqual([1]);
  });

  it("reads the outbox's backlog: waiting, given up, and when the oldest waiting lead was stored", async () => {
    expect(await db.rum.outboxBacklog()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    const before = Date.now();
    await db.leads.addLead({ ...contactSubmission({ email: 'a@example.com' }), agreeToUpdates: false }, ['webhook', 'email']);
    const [first] = await db.leads.listOutbox();
    await db.leads.markAttemptFailed(first?.id as number, 'gone', null);
    const backlog = await db.rum.outboxBacklog();
    expect(backlog).toMatchObject({ pending: 1, failed: 1 });
    expect(backlog.oldestPendingAt).toBeGreaterThanOrEqual(before - 1000);
    expect(backlog.oldestPendingAt).toBeLessThanOrEqual(Date.now());
  });
});
