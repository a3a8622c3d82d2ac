/**
 * The experiment guard on SQLite and PostgreSQL: a variant whose views throw far more often than the
 * control's is switched off (the experiment stops when no variant is left), with its audit line; an
 * experiment past its planned length stops; noise alone switches nothing off.
 */
import { describeEachDatabase, storeOnFresh } from '../../test/databases';
import { createLogger } from '../platform/logger';
import { runnerOn } from '../platform/sql-runner';
import type { ContentService } from '../content/content-service';
import { judgeRunning } from './experiment-guard';
import { planOf } from './experiment-plan';
import { readResults } from './experiment-results';
import { ExperimentService } from './experiment-service';
import { ExperimentStore, type Experiment } from './experiment-store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);

describeEachDatabase('the experiment guard', 'experiment_guard', (database) => {
  let store: ExperimentStore;
  let drop: () => Promise<void>;
  let service: ExperimentService;
  const logger = createLogger('silent');
  const results = async (experiment: Experiment) =>
    readResults(experiment, {
      rows: await store.armClients(experiment.id),
      p75: (arm, metric) => store.p75(experiment.id, arm, metric),
      maxClientShare: 0.1,
    });
  const judge = () => judgeRunning({ service, results, clock: () => new Date(NOW), logger });

  beforeAll(async () => {
    const opened = await storeOnFresh(database, runnerOn);
    store = new ExperimentStore(opened.store);
    drop = opened.drop;
    // The guard never publishes: only a ship, by a person, touches content.
    service = new ExperimentService({
      store: async () => store,
      content: {} as ContentService,
      changed: async () => undefined,
      clock: () => new Date(NOW),
    });
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  /** A running experiment on its own item, started `daysAgo` days ago. */
  async function running(id: string, daysAgo: number, plannedDays = 14): Promise<Experiment> {
    const plan = planOf({
      ...{ id, kind: 'blog', itemId: id, variants: [{ name: 'B', revision: 2 }], trafficShare: 1, metric: 'leads-per-visitor' },
      ...{ guardrails: { errorViews: 0.05 }, baselineRate: 0.05, minimumLift: 0.2, plannedDays },
    });
    const draft: Experiment = {
      ...{ id, kind: 'blog', itemId: id, state: 'draft', plan, controlRevision: null, createdBy: 'test', createdAt: NOW - daysAgo * DAY },
      ...{ startedAt: null, endedAt: null, endReason: null, armsOff: [], shippedVariant: null, version: 0 },
    };
    await store.create(draft, { actor: 'test', action: 'experiment create', at: NOW });
    const change = { state: 'running' as const, controlRevision: 1, startedAt: NOW - daysAgo * DAY };
    await store.change(draft, change, { actor: 'test', action: 'experiment start', at: NOW });
    return { ...draft, ...change, version: 1 };
  }

  /** `views` views of `arm`, one visitor each from 40 networks, `errored` of them with a script error. */
  async function views(id: string, arm: string, count: number, errored: number) {
    for (let i = 0; i < count; i++) {
      const viewId = `${id}-${arm}-${i}`;
      await store.recordView({ viewId, experimentId: id, arm, visitor: `${arm}-${i}`, client: `client-${i % 40}`, at: NOW });
      if (i < errored) await store.recordViewReport(viewId, { errored: true, failedLoad: false });
    }
  }

  it('switches off a variant failing its guardrail, stops the experiment with it, and says why in the audit', async () => {
    await running('broken', 1);
    await views('broken', 'control', 200, 2);
    await views('broken', 'B', 200, 40);
    await judge();
    const after = (await store.find('broken'))!;
    expect(after).toMatchObject({ state: 'stopped', armsOff: ['B'] });
    expect(after.endReason).toMatch(/^guardrail failed: error views 20.0 % against the control's 1.0 % \(limit \+5.0 %\)$/);
    const audit = await store.db.query<{ actor: string; action: string }>(
      "SELECT actor, action FROM editor_audit WHERE subject = 'experiment:broken' ORDER BY id",
      [],
    );
    expect(audit.map((line) => line.action)).toEqual([
      'experiment create',
      'experiment start',
      `experiment guardrail B: ${after.endReason}`,
    ]);
  });

  it('leaves a variant alone when the gap is noise, and stops an experiment past its planned length', async () => {
    await running('noisy', 1);
    // 8 % against 2 %: past the 5-point limit, but within what chance gives at 100 views each.
    await views('noisy', 'control', 100, 2);
    await views('noisy', 'B', 100, 8);
    await running('long', 15);
    await judge();
    expect(await store.find('noisy')).toMatchObject({ state: 'running', armsOff: [] });
    expect(await store.find('long')).toMatchObject({ state: 'stopped', endReason: 'planned length of 14 days reached' });
  });
});
