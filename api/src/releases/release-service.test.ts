import fs from 'node:fs';
import path from 'node:path';
import { historyFile, readReleaseHistory } from '../services/release-store';
import type { FederationManifest } from './manifest';
import { listReleases, releaseRemote, ReleaseRefused, rollbackRemote } from './release-service';
import { remoteManifest, tempCheckout, writeBuild } from './test-fixtures';

function fakeBuild(manifest: FederationManifest, marker: string) {
  return async (_pkgDir: string, outDir: string) => writeBuild(outDir, manifest, marker);
}

describe('release', () => {
  let checkout: ReturnType<typeof tempCheckout>;
  beforeEach(() => {
    checkout = tempCheckout();
  });
  const release = (marker: string, manifest = remoteManifest()) =>
    releaseRemote({ ...checkout, remote: 'mf_invest', build: fakeBuild(manifest, marker) });

  it('publishes an immutable versioned copy and points the registry at it', async () => {
    const outcome = await release('v1');
    expect(outcome.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    const dir = path.join(checkout.releasesDir, 'mf_invest', outcome.version);
    expect(fs.readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8')).toBe('/* v1 */');
    expect(readReleaseHistory(checkout.releasesDir).mf_invest?.current).toBe(outcome.version);
  });

  it('gives a changed build a new version and keeps the old one', async () => {
    const first = await release('v1');
    const second = await release('v2');
    expect(second.version).not.toBe(first.version);
    expect(second.previous).toBe(first.version);
    expect(fs.existsSync(path.join(checkout.releasesDir, 'mf_invest', first.version))).toBe(true);
    expect(listReleases({ ...checkout, remote: 'mf_invest' }).releases.map((r) => [r.version, r.current])).toEqual([
      [first.version, false],
      [second.version, true],
    ]);
  });

  it('never rewrites an existing release directory', async () => {
    const first = await release('v1');
    const again = await release('v1');
    expect(again).toMatchObject({ version: first.version, published: false, alreadyCurrent: true });
  });

  it.each([
    ['a manifest without the ./routes expose', remoteManifest({ exposes: [] }), /does not expose "\.\/routes"/],
    [
      'an incompatible singleton',
      remoteManifest({ shared: [{ name: 'react', version: '18.2.0', singleton: true, requiredVersion: '^18.2.0' }] }),
      /react@18\.2\.0 does not satisfy the shell's required version \^19\.3\.1/,
    ],
  ])('refuses %s and leaves the registry as it was', async (_label, manifest, reason) => {
    const good = await release('v1');
    const before = fs.readFileSync(historyFile(checkout.releasesDir), 'utf8');
    const attempt = release('broken', manifest);
    await expect(attempt).rejects.toThrow(ReleaseRefused);
    await expect(attempt).rejects.toThrow(reason);
    expect(fs.readFileSync(historyFile(checkout.releasesDir), 'utf8')).toBe(before);
    expect(fs.readdirSync(path.join(checkout.releasesDir, 'mf_invest'))).toEqual([good.version]);
  });

  it('refuses a failed build without touching the registry', async () => {
    const attempt = releaseRemote({ ...checkout, remote: 'mf_invest', build: () => Promise.reject(new Error('the build of mf-invest failed (exit code 1)')) });
    await expect(attempt).rejects.toThrow(/not released[\s\S]*exit code 1/);
    expect(fs.existsSync(historyFile(checkout.releasesDir))).toBe(false);
  });

  it('refuses when the shell build is missing', async () => {
    fs.rmSync(path.join(checkout.siteRoot, 'shell', 'dist'), { recursive: true });
    await expect(release('v1')).rejects.toThrow(/build the shell/);
  });
});

describe('rollback', () => {
  let checkout: ReturnType<typeof tempCheckout>;
  beforeEach(() => {
    checkout = tempCheckout();
  });
  const release = (marker: string) => releaseRemote({ ...checkout, remote: 'mf_invest', build: fakeBuild(remoteManifest(), marker) });
  const rollback = (to?: string) => rollbackRemote({ ...checkout, remote: 'mf_invest', ...(to ? { to } : {}) });

  it('says so when there is nothing to roll back to', async () => {
    expect(() => rollback()).toThrow(/no releases yet/);
    await release('v1');
    expect(() => rollback()).toThrow(/no earlier release/);
  });

  it('repoints to the previous release, and skips releases already rolled back from', async () => {
    const a = await release('a');
    const b = await release('b');
    expect(rollback()).toEqual({ from: b.version, to: a.version });
    expect(readReleaseHistory(checkout.releasesDir).mf_invest?.current).toBe(a.version);
    const c = await release('c');
    // b was rolled back from: rolling c back goes to a.
    expect(rollback()).toEqual({ from: c.version, to: a.version });
  });

  it('rolls to a named release', async () => {
    const a = await release('a');
    await release('b');
    await release('c');
    expect(rollback(a.version).to).toBe(a.version);
    expect(() => rollback('9.9.9-nope')).toThrow(/has no release 9\.9\.9-nope/);
  });
});
