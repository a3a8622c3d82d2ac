/**
 * The release API's faults, replayed against a real api process on a throwaway data folder (only
 * 127.0.0.1, default limits): hostile uploads, each with GET /api/health polled meanwhile, and the
 * two races between api instances, played by two release contexts on the same registry and
 * releases folder with one paused after it stored its folder. One row per fault; about 15 s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promoteRelease, releaseBuild, rollbackRelease, type ReleaseContext } from '../../src/releases/release-service';
import { fixtureBuild, pauseAfterStoring, tempCheckout, tempReleaseContext } from '../../src/releases/test-fixtures';
import { bigFileBomb, manyFilesBomb, paddedBuild, pollHealth, trailingZerosBomb } from '../../test/release-bombs';
import { startServer, type ServerProcess } from '../../test/server-process';
import { timed, type DrillRow, type IdleBaseline } from './drill-row';

const TOKEN = crypto.randomBytes(16).toString('hex');
const MB = 1024 * 1024;
const remote = 'mf_invest' as const;
const who = { actor: 'drill' };

async function bombRow(
  idle: IdleBaseline,
  api: ServerProcess,
  fault: string,
  body: Buffer,
  expected: { status: number; message: RegExp },
  stored: () => string[],
) {
  const before = stored();
  const stop = pollHealth(api.url);
  const started = performance.now();
  const res = await fetch(`${api.url}/api/releases/${remote}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${TOKEN}` },
    body: new Uint8Array(body),
  });
  const ms = Math.round(performance.now() - started);
  const slowest = Math.round(await stop());
  const { error } = (await res.json()) as { error?: string };
  const unchanged = JSON.stringify(stored()) === JSON.stringify(before);
  return {
    fault,
    expected: `${expected.status}, nothing stored; /api/health answers throughout`,
    observed: `${res.status} in ${ms} ms (${error ?? 'no message'}); ${unchanged ? 'nothing stored' : 'files were stored'}`,
    pass: res.status === expected.status && expected.message.test(error ?? '') && unchanged,
    latency: timed('health at worst', slowest, idle),
  };
}

async function lostRaceRow(a: ReleaseContext, b: ReleaseContext, api: ServerProcess): Promise<DrillRow> {
  const build = fixtureBuild('same build');
  const paused = pauseAfterStoring(a);
  const first = releaseBuild(a, { ...who, remote, buildDir: build });
  await paused.stored;
  const won = await releaseBuild(b, { ...who, remote, buildDir: build });
  paused.resume();
  const lost = await first.then(
    () => 'also released',
    (error: { status?: number }) => `refused ${error.status ?? ''}`,
  );
  const served = await fetch(`${api.url}/remotes/${remote}/${won.version}/remoteEntry.js`);
  return {
    fault: 'lost release race: the same build on two instances, the first paused after writing its folder',
    expected: 'the loser refused 409; the live folder kept (remoteEntry.js 200)',
    observed: `loser ${lost}; remoteEntry.js ${served.status}`,
    pass: lost === 'refused 409' && served.status === 200 && (await served.text()) === '/* same build */',
  };
}

async function candidateRaceRow(a: ReleaseContext, b: ReleaseContext): Promise<DrillRow> {
  const live = await releaseBuild(a, { ...who, remote, buildDir: fixtureBuild('before') });
  const candidate = await releaseBuild(a, { ...who, remote, buildDir: fixtureBuild('candidate'), candidate: true });
  const paused = pauseAfterStoring(a);
  const again = releaseBuild(a, { ...who, remote, buildDir: fixtureBuild('candidate'), candidate: true });
  await paused.stored;
  await promoteRelease(b, { ...who, remote, version: candidate.version });
  paused.resume();
  const reupload = await again.then(
    () => 'accepted',
    (error: { status?: number }) => `refused ${error.status ?? ''}`,
  );
  const state = (await b.store.state(remote)).releases.find((r) => r.version === candidate.version)?.state;
  const back = await rollbackRelease(b, { ...who, remote }).then(
    (r) => `rollback to ${r.to === live.version ? 'the previous release' : r.to}`,
    (error: Error) => `rollback refused: ${error.message}`,
  );
  return {
    fault: 'candidate re-upload racing a promotion of the same version',
    expected: "the live version stays 'released'; rollback {} returns to the previous release",
    observed: `re-upload ${reupload}; live version '${state}'; ${back}`,
    pass: state === 'released' && back === 'rollback to the previous release',
  };
}

export async function releaseDrills(idle: IdleBaseline): Promise<DrillRow[]> {
  const checkout = tempCheckout();
  const dataDir = path.join(checkout.siteRoot, 'data');
  const releasesDir = checkout.releasesDir;
  // What the quota counts: 1 GB of stored releases, as a sparse file that takes no disk.
  const old = path.join(releasesDir, remote, '1.0.0-0123456789');
  fs.mkdirSync(old, { recursive: true });
  // Everything under the releases but the uploads' working folders (emptied as each upload ends).
  const stored = () =>
    fs
      .readdirSync(releasesDir, { recursive: true })
      .map(String)
      .filter((p) => p !== '.incoming')
      .sort();
  const api = await startServer({
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: dataDir,
    RELEASES_DIR: releasesDir,
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  });
  const a = tempReleaseContext(checkout);
  const b = tempReleaseContext(checkout);
  try {
    const rows: DrillRow[] = [
      await bombRow(
        idle,
        api,
        'release upload: 20 MB of zeros after the end of the tar',
        trailingZerosBomb(20),
        { status: 400, message: /after its end/ },
        stored,
      ),
      await bombRow(
        idle,
        api,
        'release upload: 100k tiny files (over the 5,000 cap)',
        manyFilesBomb(100_000),
        { status: 413, message: /more than 5000 files/ },
        stored,
      ),
      await bombRow(
        idle,
        api,
        'release upload: one file of 20 MB + 1 byte',
        bigFileBomb(20 * MB + 1),
        { status: 413, message: /for one file/ },
        stored,
      ),
    ];
    fs.writeFileSync(path.join(old, 'stored.bin'), '');
    fs.truncateSync(path.join(old, 'stored.bin'), 1024 * MB);
    rows.push(
      await bombRow(
        idle,
        api,
        'release upload: a remote at its 1 GB storage quota',
        paddedBuild('quota', 1024),
        { status: 413, message: /storage quota/ },
        stored,
      ),
    );
    fs.rmSync(old, { recursive: true });
    rows.push(await lostRaceRow(a.context, b.context, api), await candidateRaceRow(a.context, b.context));
    return rows;
  } finally {
    await a.store.close();
    await b.store.close();
    api.child.kill('SIGTERM');
    await api.exited();
    fs.rmSync(path.dirname(checkout.siteRoot), { recursive: true, force: true });
  }
}
