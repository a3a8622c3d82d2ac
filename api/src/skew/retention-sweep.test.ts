/**
 * Retention: old releases are deleted once no record names them, they are past the RELEASE_KEEP most
 * recent of their remote and the skew window since a page last named them has passed; the current
 * version, a canary, the rollback target and anything a page named within the window stay. Two
 * sweeps at once delete each build once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '../platform/logger';
import { releaseBuild, rollbackRelease } from '../releases/release-service';
import { fixtureBuild, tempReleaseContext } from '../releases/test-fixtures';
import { openBuildReferences } from './build-references';
import { RetentionSweep } from './retention-sweep';
import { SkewWindow } from './skew-window';

const WINDOW_MS = 2000;
const logger = createLogger('silent');

async function twelveReleases() {
  const s = tempReleaseContext();
  const versions: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const { version } = await releaseBuild(s.context, { actor: 'cli', remote: 'mf_invest', buildDir: fixtureBuild(`v${i}`) });
    // Stored one minute apart, in release order.
    const at = new Date(Date.UTC(2026, 0, 1, 12, i));
    fs.utimesSync(path.join(s.releasesDir, 'mf_invest', version), at, at);
    versions.push(version);
  }
  let now = Date.now();
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const references = () => openBuildReferences(s.config);
  const sweep = () =>
    new RetentionSweep({
      registry: async () => s.store,
      artifacts: s.context.artifacts,
      references,
      keep: 2,
      ownBuilds: () => [],
      logger,
      now: clock.now,
    });
  const window = new SkewWindow(references, WINDOW_MS, logger, clock.now);
  const stored = () =>
    fs
      .readdirSync(path.join(s.releasesDir, 'mf_invest'))
      .filter((name) => !name.startsWith('.'))
      .sort();
  const recorded = async () => (await s.store.state('mf_invest')).releases.map((r) => r.version).sort();
  return { s, versions, clock, sweep, window, stored, recorded };
}

const v = (versions: string[], n: number) => versions[n - 1]!;

it('keeps the current release, the last RELEASE_KEEP, a canary, the rollback target and what a page named within the window', async () => {
  const { s, versions, clock, sweep, window, stored, recorded } = await twelveReleases();
  // v12 rolled back: v11 is current and v10 the target of the next rollback.
  await rollbackRelease(s.context, { actor: 'cli', remote: 'mf_invest' });
  const state = await s.store.state('mf_invest');
  await s.store.commit({
    remote: 'mf_invest',
    expectedRevision: state.revision,
    current: v(versions, 11),
    canary: { version: v(versions, 5), share: 10, since: new Date().toISOString() },
    upsert: [],
    events: [],
  });
  // A page sent a second ago named v3 (an old tab's registry).
  await window.pageSent([{ remote: 'mf_invest', version: v(versions, 3) }]);
  clock.advance(1000);

  const first = await sweep().sweep();
  const kept = [3, 5, 10, 11, 12].map((n) => v(versions, n)).sort();
  expect(stored()).toEqual(kept);
  expect(await recorded()).toEqual(kept);
  expect(first.deleted.map((b) => b.version).sort()).toEqual([1, 2, 4, 6, 7, 8, 9].map((n) => v(versions, n)).sort());

  // Once the window since that page has passed, v3 goes too; the canary stays while it runs.
  clock.advance(WINDOW_MS * 3);
  expect((await sweep().sweep()).deleted).toEqual([{ remote: 'mf_invest', version: v(versions, 3) }]);
  expect(stored()).toEqual([5, 10, 11, 12].map((n) => v(versions, n)).sort());
});

it('deletes each build once when two instances sweep at the same moment', async () => {
  const { versions, sweep, stored } = await twelveReleases();
  const [a, b] = await Promise.all([sweep().sweep(), sweep().sweep()]);
  const deleted = [...a.deleted, ...b.deleted].map((build) => build.version).sort();
  // Current v12, rollback target v11, and the two most recent (v11, v12).
  expect(deleted).toEqual(versions.slice(0, 10).sort());
  expect(new Set(deleted).size).toBe(deleted.length);
  expect(stored()).toEqual([v(versions, 11), v(versions, 12)].sort());
});

it("deletes old shell builds but keeps the last RELEASE_KEEP, this instance's own and one a page named within the window", async () => {
  const s = tempReleaseContext();
  const ids = ['a0a0a0a0a0', 'b1b1b1b1b1', 'c2c2c2c2c2', 'd3d3d3d3d3', 'e4e4e4e4e4', 'f5f5f5f5f5'];
  for (const [i, id] of ids.entries()) {
    const assets = fs.mkdtempSync(path.join(s.siteRoot, 'assets-'));
    fs.writeFileSync(path.join(assets, `main.${id}.js`), `/* ${id} */`);
    await s.context.artifacts.putShellBuild(id, assets);
    const at = new Date(Date.UTC(2026, 0, 1, 12, i));
    fs.utimesSync(path.join(s.releasesDir, '.shell-builds', id), at, at);
  }
  const now = Date.now();
  const references = () => openBuildReferences(s.config);
  await new SkewWindow(references, WINDOW_MS, logger, () => now).pageSent([{ remote: 'shell', version: ids[1]! }]);
  const own = [{ remote: 'shell' as const, version: ids[0]! }];
  const sweep = new RetentionSweep({
    registry: async () => s.store,
    artifacts: s.context.artifacts,
    references,
    keep: 2,
    ownBuilds: () => own,
    logger,
    now: () => now + 1000,
  });
  const { deleted } = await sweep.sweep();
  expect(deleted.map((b) => b.version).sort()).toEqual([ids[2], ids[3]]);
  expect((await s.context.artifacts.shellBuilds()).map((b) => b.version).sort()).toEqual([ids[0], ids[1], ids[4], ids[5]]);
  // A tab of the deleted build asks for its file: gone; one of a kept build: still there.
  expect(s.context.artifacts.locateShellFile(`main.${ids[2]}.js`)).toBeUndefined();
  expect(s.context.artifacts.locateShellFile(`main.${ids[1]}.js`)).toBeDefined();
});
