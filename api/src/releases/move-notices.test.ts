/**
 * No release action ends or overrides another without saying so, on SQLite and PostgreSQL: a promotion
 * or `rollback --to` of another version while a canary runs is refused naming it (and ends it, saying
 * so, when asked to); a second share of the same canary steps it; a promotion scheduled during a
 * canary completes it at its time; a move that makes a schedule wrong (a live release too) warns, and the schedule refused
 * at its time (or cancelled) stays in the listing with why.
 */
import { loadConfig } from '../app-config';
import { startCanary } from './canary/canary-service';
import { rollbackOrEndCanary } from './canary/canary-service';
import { releaseContext } from './release-context';
import { promoteRelease, releaseBuild, type ReleaseContext } from './release-service';
import type { RegistryStore } from './registry-store';
import { describeEachDatabase } from '../../test/databases';
import { answerTo } from '../../test/refusals';
import { onOwnDatabase } from '../database/own-database';
import { registryStoreOn } from './open-registry';
import { cancelScheduled, carryOut, schedulePromotion } from './schedule/schedule-service';
import { lastScheduleOutcome } from './schedule/schedule-outcome';
import { fixtureBuild, tempCheckout } from './test-fixtures';

const remote = 'mf_invest';
const who = { actor: 'cli', remote } as const;
const inAnHour = () => new Date(Date.now() + 3_600_000);

describeEachDatabase('release moves', 'moves_test', (database) => {
  let store: RegistryStore;
  let context: ReleaseContext;
  /** Live 1, candidates 2 and 3, a canary of 2 at 10 %. */
  const v: Record<1 | 2 | 3, string> = { 1: '', 2: '', 3: '' };

  beforeEach(async () => {
    const checkout = tempCheckout();
    const config = loadConfig({ ...process.env, SITE_ROOT: checkout.siteRoot, RELEASES_DIR: checkout.releasesDir, DATABASE_URL: '' });
    store = await onOwnDatabase((await database.fresh()).target, registryStoreOn);
    context = releaseContext(config, store);
    const stored = async (marker: string, candidate: boolean) =>
      (await releaseBuild(context, { ...who, buildDir: fixtureBuild(marker), candidate })).version;
    v[1] = await stored('one', false);
    v[2] = await stored('two', true);
    v[3] = await stored('three', true);
    await startCanary(context, { ...who, version: v[2], share: 10 });
  });
  afterEach(() => store.close());

  it('refuses a promotion of another version while a canary runs, naming it; ends it, saying so, when asked', async () => {
    expect(await answerTo(promoteRelease(context, { ...who, version: v[3] }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(new RegExp(`canary of mf_invest ${v[2]} runs at 10 %.*--end-canary`)),
    });
    expect((await store.state(remote)).canary).toMatchObject({ version: v[2], share: 10 });

    const moved = await promoteRelease(context, { ...who, version: v[3], endCanary: true });
    expect(moved).toMatchObject({ to: v[3], endedCanary: { version: v[2], share: 10 } });
    const state = await store.state(remote);
    expect(state).toMatchObject({ current: v[3], canary: null });
    expect(state.releases.find((r) => r.version === v[2])!.rolledBackAt).not.toBeNull();
  });

  it('refuses rollback --to while a canary runs unless asked to end it; a plain rollback ends it and says so', async () => {
    expect(await answerTo(rollbackOrEndCanary(context, { ...who, to: v[1] }))).toMatchObject({ status: 409 });
    expect((await store.state(remote)).canary).not.toBeNull();
    const ended = await rollbackOrEndCanary(context, { ...who });
    expect(ended).toMatchObject({ from: v[2], to: v[1], endedCanary: { version: v[2] } });
  });

  it('steps the running canary to a new share rather than starting another', async () => {
    const stepped = await startCanary(context, { ...who, version: v[2], share: 50 });
    expect(stepped).toMatchObject({ steppedFrom: 10, canary: { version: v[2], share: 50 } });
    const actions = (await store.events(remote)).map((e) => e.action);
    expect(actions.filter((a) => a === 'canary')).toHaveLength(1);
    expect(actions.at(-1)).toBe('step');
  });

  it("completes the canary at its time when its version's promotion was scheduled during it, after the guard's steps", async () => {
    const scheduled = await schedulePromotion(context, { ...who, version: v[2], at: inAnHour() });
    // A step meanwhile (the guard's, or a person's) moves the registry: the schedule still stands.
    const step = await startCanary(context, { ...who, version: v[2], share: 25 });
    expect(step.warnings).toEqual([]);
    await expect(carryOut(context, (await store.state(remote)).scheduled!)).resolves.toBe('done');
    expect(await store.state(remote)).toMatchObject({ current: v[2], canary: null, scheduled: null });
    expect(scheduled.version).toBe(v[2]);
  });

  it('warns when a live release makes a scheduled promotion wrong, and not for a candidate, which moves nothing', async () => {
    await rollbackOrEndCanary(context, { ...who });
    await schedulePromotion(context, { ...who, version: v[3], at: inAnHour() });
    const candidate = await releaseBuild(context, { ...who, buildDir: fixtureBuild('four'), candidate: true });
    expect(candidate.warnings).toEqual([]);
    const released = await releaseBuild(context, { ...who, buildDir: fixtureBuild('five') });
    expect(released.warnings).toEqual([
      expect.stringMatching(new RegExp(`^the promotion of ${v[3]} to every visitor scheduled for .* will be refused`)),
    ]);
    await expect(carryOut(context, (await store.state(remote)).scheduled!)).resolves.toBe('refused');
  });

  it('warns of a schedule a move makes wrong; refused at its time, it stays listed with why; a cancelled one too', async () => {
    await rollbackOrEndCanary(context, { ...who });
    await schedulePromotion(context, { ...who, version: v[3], at: inAnHour() });
    const moved = await promoteRelease(context, { ...who, version: v[2] });
    expect(moved.warnings).toEqual([expect.stringContaining(`the promotion of ${v[3]} to every visitor scheduled for`)]);
    await expect(carryOut(context, (await store.state(remote)).scheduled!)).resolves.toBe('refused');
    expect(lastScheduleOutcome(await store.events(remote))).toMatchObject({
      outcome: 'refused',
      version: v[3],
      reason: expect.stringContaining('the registry moved'),
    });

    await schedulePromotion(context, { ...who, version: v[3], at: inAnHour() });
    expect(lastScheduleOutcome(await store.events(remote))).toBeNull();
    await cancelScheduled(context, who);
    expect(lastScheduleOutcome(await store.events(remote))).toMatchObject({ outcome: 'cancelled', version: v[3], actor: 'cli' });
  });
});
