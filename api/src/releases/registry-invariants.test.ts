/**
 * The registry never contradicts itself, whatever the release API is asked and in what order: a plain
 * release while a canary runs is refused (409, nothing changed); a remote's first release may be a
 * canary against the checkout build; promoting the canary's version completes it. A property over
 * random sequences of releases, candidates, promotions (with and without a share, now or scheduled),
 * rollbacks, cancellations, guard decisions and the clock passing checks the invariants after each
 * step. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import path from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { completeCanaryChange, endCanaryChange, rollbackOrEndCanary, startCanary, stepCanaryChange } from './canary/canary-service';
import { releaseContext } from './release-context';
import { promoteRelease, releaseBuild, ReleaseRefused, type ReleaseContext } from './release-service';
import { registryStoreOn } from './open-registry';
import { ScheduleRunner } from './schedule/schedule-runner';
import { cancelScheduled, schedulePromotion } from './schedule/schedule-service';
import { fixtureBuild, remoteManifest, tempCheckout, tempReleaseContext, writeBuild } from './test-fixtures';
import { describeEachDatabase, type TestDatabase } from '../../test/databases';
import { answerTo } from '../../test/refusals';
import { onOwnDatabase } from '../database/own-database';

jest.setTimeout(240_000);

const remote = 'mf_invest' as const;
const who = { actor: 'RELEASE_TOKEN_MF_INVEST', gitSha: 'abc1234' };
/** A release context on a fresh registry whose checkout serves a build of mf_invest (the baseline), with a clock the test moves. */
async function freshContext(database: TestDatabase) {
  const checkout = tempCheckout();
  writeBuild(path.join(checkout.siteRoot, 'mf-invest', 'dist'), remoteManifest(), 'checkout');
  const first = tempReleaseContext(checkout);
  await first.store.close();
  const clock = { now: new Date('2026-12-01T10:00:00.000Z') };
  const context: ReleaseContext = {
    ...releaseContext(
      first.config,
      await onOwnDatabase({ ...(await database.fresh()).target, dataDir: first.config.dataDir }, registryStoreOn),
    ),
    now: () => clock.now,
  };
  return { context, clock };
}

const builds = { a: fixtureBuild('a'), b: fixtureBuild('b'), c: fixtureBuild('c') };

/** Fails the test when the stored registry contradicts itself. */
async function expectConsistent(context: ReleaseContext): Promise<void> {
  const state = await context.store.state(remote);
  const stored = new Set(state.releases.map((r) => r.version));
  if (state.current !== null) expect(stored).toContain(state.current);
  if (state.canary) {
    expect(state.canary.version).not.toBe(state.current);
    expect(state.current).not.toBeNull();
    expect(stored).toContain(state.canary.version);
  }
  if (state.scheduled) expect(stored).toContain(state.scheduled.version);
}

describeEachDatabase('registry invariants', 'invariants', (database) => {
  let context: ReleaseContext;
  let clock: { now: Date };
  beforeEach(async () => {
    ({ context, clock } = await freshContext(database));
  });
  afterEach(() => context.store.close());

  it('refuses a plain release while a canary runs (its build or another) with 409, changing nothing; a candidate may still come', async () => {
    const current = (await releaseBuild(context, { ...who, remote, buildDir: builds.a })).version;
    const canary = (await releaseBuild(context, { ...who, remote, buildDir: builds.b, candidate: true })).version;
    await startCanary(context, { ...who, remote, version: canary, share: 10 });
    const before = await context.store.state(remote);
    for (const buildDir of [builds.b, builds.c]) {
      const refused = releaseBuild(context, { ...who, remote, buildDir });
      await expect(refused).rejects.toThrow(`a canary of ${canary} runs at 10 %: promote it with share 100, or roll it back, first`);
      expect(await answerTo(refused)).toMatchObject({ status: 409 });
    }
    const after = await context.store.state(remote);
    expect([after.current, after.canary, after.revision]).toEqual([current, before.canary, before.revision]);
    await releaseBuild(context, { ...who, remote, buildDir: builds.c, candidate: true });
    expect((await context.store.state(remote)).canary?.version).toBe(canary);
  });

  it('completes the canary when its version is promoted to every visitor', async () => {
    await releaseBuild(context, { ...who, remote, buildDir: builds.a });
    const canary = (await releaseBuild(context, { ...who, remote, buildDir: builds.b, candidate: true })).version;
    await startCanary(context, { ...who, remote, version: canary, share: 10 });
    await promoteRelease(context, { ...who, remote, version: canary });
    const state = await context.store.state(remote);
    expect([state.current, state.canary]).toEqual([canary, null]);
  });

  it('lets a first release be a canary: the candidate stores the checkout build as current, and share 50 runs against it', async () => {
    const candidate = (await releaseBuild(context, { ...who, remote, buildDir: builds.b, candidate: true })).version;
    const stored = await context.store.state(remote);
    const checkout = stored.current!;
    expect(checkout).not.toBeNull();
    expect(stored.releases.find((r) => r.version === checkout)?.state).toBe('released');
    const started = await startCanary(context, { ...who, remote, version: candidate, share: 50 });
    expect(started).toEqual({
      current: checkout,
      canary: { version: candidate, share: 50, since: expect.any(String) },
      steppedFrom: null,
      endedCanary: null,
      warnings: [],
    });
    expect((await context.store.events(remote)).map((e) => e.action)).toEqual(['baseline', 'candidate', 'canary']);
  });

  it('holds its invariants over random sequences of the API calls and guard decisions', async () => {
    // Two builds: sequences meet the same version again often, where contradictions would hide.
    const build = fc.constantFrom<keyof typeof builds>('a', 'b');
    // Weighted towards the moves that interact (a canary started, then a release): unweighted, a
    // random run seldom met the sequence that once made the current version the canary.
    const op = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('release' as const), build }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('candidate' as const), build }) },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('promote' as const),
          build,
          share: fc.constantFrom(10, 50, 100),
          scheduled: fc.constantFrom(false, false, true),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), toBuild: fc.option(build, { nil: undefined }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('unschedule' as const) }) },
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constantFrom('guard-step' as const, 'guard-rollback' as const, 'guard-complete' as const) }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('time-passes' as const) }) },
    );
    const runs = database.name === 'SQLite' ? 120 : 30;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const fresh = await freshContext(database);
        const versions = new Map<string, string>();
        const runner = new ScheduleRunner(
          async () => fresh.context,
          pino({ level: 'silent' }),
          () => fresh.clock.now,
        );
        try {
          for (const step of ops) {
            await applyStep(fresh.context, fresh.clock, runner, versions, step).catch((error: unknown) => {
              // A refusal is an answer; anything else is a fault.
              if (!(error instanceof ReleaseRefused)) throw error;
            });
            await expectConsistent(fresh.context);
          }
        } finally {
          await fresh.context.store.close();
        }
      }),
      { numRuns: runs },
    );
  });

  it('keeps the schedule refused at its time when a promotion by hand came first', async () => {
    await releaseBuild(context, { ...who, remote, buildDir: builds.a });
    const b = (await releaseBuild(context, { ...who, remote, buildDir: builds.b, candidate: true })).version;
    const c = (await releaseBuild(context, { ...who, remote, buildDir: builds.c, candidate: true })).version;
    await schedulePromotion(context, { ...who, remote, version: b, at: new Date(clock.now.getTime() + 60_000) });
    await promoteRelease(context, { ...who, remote, version: c });
    clock.now = new Date(clock.now.getTime() + 120_000);
    await new ScheduleRunner(
      async () => context,
      pino({ level: 'silent' }),
      () => clock.now,
    ).tick();
    const state = await context.store.state(remote);
    expect([state.current, state.scheduled]).toEqual([c, null]);
    const refused = (await context.store.events(remote)).at(-1)!;
    expect(refused.action).toBe('schedule-refused');
    expect(JSON.parse(refused.details!).reason).toMatch(/the registry moved since it was scheduled/);
  });
});

type Step =
  | { kind: 'release' | 'candidate'; build: keyof typeof builds }
  | { kind: 'promote'; build: keyof typeof builds; share: number; scheduled: boolean }
  | { kind: 'rollback'; toBuild: keyof typeof builds | undefined }
  | { kind: 'unschedule' | 'guard-step' | 'guard-rollback' | 'guard-complete' | 'time-passes' };

async function applyStep(
  context: ReleaseContext,
  clock: { now: Date },
  runner: ScheduleRunner,
  versions: Map<string, string>,
  step: Step,
): Promise<void> {
  const versionOf = (name: keyof typeof builds) => versions.get(name) ?? `1.2.0-unknown${name}`;
  switch (step.kind) {
    case 'release':
    case 'candidate': {
      const outcome = await releaseBuild(context, { ...who, remote, buildDir: builds[step.build], candidate: step.kind === 'candidate' });
      versions.set(step.build, outcome.version);
      return;
    }
    case 'promote': {
      const version = versionOf(step.build);
      if (step.scheduled) {
        await schedulePromotion(context, { ...who, remote, version, share: step.share, at: new Date(clock.now.getTime() + 60_000) });
        return;
      }
      await (step.share < 100
        ? startCanary(context, { ...who, remote, version, share: step.share })
        : promoteRelease(context, { ...who, remote, version }));
      return;
    }
    case 'rollback':
      await rollbackOrEndCanary(context, { ...who, remote, to: step.toBuild && versionOf(step.toBuild) });
      return;
    case 'unschedule':
      await cancelScheduled(context, { ...who, remote });
      return;
    case 'time-passes':
      clock.now = new Date(clock.now.getTime() + 120_000);
      await runner.tick();
      return;
    default: {
      // What the guard commits (canary-guard.ts), through the same decide() path.
      const at = clock.now.toISOString();
      const guard = { actor: 'guard' };
      await context.store.decide(remote, async () => {
        const state = await context.store.state(remote);
        if (!state.canary) return undefined;
        if (step.kind === 'guard-rollback') return endCanaryChange(state, remote, guard, at);
        if (step.kind === 'guard-complete') return completeCanaryChange(state, remote, guard, at);
        return stepCanaryChange(state, remote, 50, guard, at);
      });
    }
  }
}
