/**
 * Releases on the shared registry: versions by content, the checkout build kept as the first release
 * so a rollback after the first release works, candidates, promotion, rollback, and refusals that
 * change nothing (registry rows and stored files alike).
 */
import fs from 'node:fs';
import path from 'node:path';
import { listReleases, promoteRelease, releaseBuild, ReleaseRefused, rollbackRelease } from './release-service';
import { fixtureBuild, remoteManifest, tempReleaseContext, writeBuild } from './test-fixtures';

const who = { actor: 'cli', gitSha: 'abc1234' };
type Setup = ReturnType<typeof tempReleaseContext>;

function setup(withCheckoutBuild = false): Setup {
  const s = tempReleaseContext();
  if (withCheckoutBuild) writeBuild(path.join(s.siteRoot, 'mf-invest', 'dist'), remoteManifest(), 'checkout');
  return s;
}
const release = (s: Setup, marker: string, options: { manifest?: ReturnType<typeof remoteManifest>; candidate?: boolean } = {}) =>
  releaseBuild(s.context, {
    ...who,
    remote: 'mf_invest',
    buildDir: fixtureBuild(marker, options.manifest),
    candidate: options.candidate ?? false,
  });
const listed = async (s: Setup) => (await listReleases(s.context, 'mf_invest')).releases.map((r) => [r.version, r.state, r.current]);
const storedVersions = (s: Setup) =>
  fs.existsSync(path.join(s.releasesDir, 'mf_invest')) ? fs.readdirSync(path.join(s.releasesDir, 'mf_invest')).sort() : [];

describe('release', () => {
  it('stores an immutable versioned copy and points the registry at it, recording who and which commit', async () => {
    const s = setup();
    const outcome = await release(s, 'v1');
    expect(outcome.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    expect(fs.readFileSync(path.join(s.releasesDir, 'mf_invest', outcome.version, 'remoteEntry.js'), 'utf8')).toBe('/* v1 */');
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(outcome.version);
    expect(await s.store.events('mf_invest')).toEqual([
      expect.objectContaining({ action: 'release', version: outcome.version, actor: 'cli', gitSha: 'abc1234' }),
    ]);
  });

  it('gives a changed build a new version and keeps the old one', async () => {
    const s = setup();
    const first = await release(s, 'v1');
    const second = await release(s, 'v2');
    expect(second.version).not.toBe(first.version);
    expect(second.previous).toBe(first.version);
    expect(await listed(s)).toEqual([
      [first.version, 'released', false],
      [second.version, 'released', true],
    ]);
  });

  it('never rewrites a stored release', async () => {
    const s = setup();
    const first = await release(s, 'v1');
    expect(await release(s, 'v1')).toMatchObject({ version: first.version, published: false, alreadyCurrent: true });
  });

  it.each([
    ['a manifest without the ./routes expose', remoteManifest({ exposes: [] }), /does not expose "\.\/routes"/],
    [
      'an incompatible singleton',
      remoteManifest({ shared: [{ name: 'react', version: '18.2.0', singleton: true, requiredVersion: '^18.2.0' }] }),
      /react@18\.2\.0 does not satisfy the shell's required version \^19\.3\.1/,
    ],
  ])('refuses %s and leaves the registry and the store as they were', async (_label, manifest, reason) => {
    const s = setup();
    const good = await release(s, 'v1');
    const attempt = release(s, 'broken', { manifest });
    await expect(attempt).rejects.toThrow(ReleaseRefused);
    await expect(attempt).rejects.toThrow(reason);
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(good.version);
    expect(storedVersions(s)).toEqual([good.version]);
  });

  it('refuses a build holding a symbolic link (it would be served), storing nothing', async () => {
    const s = setup();
    const good = await release(s, 'v1');
    const build = fixtureBuild('linked');
    const secret = path.join(s.releasesDir, '..', 'leads.sqlite');
    fs.writeFileSync(secret, 'leads');
    fs.symlinkSync(secret, path.join(build, 'leads.js'));
    const attempt = releaseBuild(s.context, { ...who, remote: 'mf_invest', buildDir: build });
    await expect(attempt).rejects.toThrow(ReleaseRefused);
    await expect(attempt).rejects.toThrow(/leads\.js, which is a symbolic link: refused/);
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(good.version);
    expect(storedVersions(s)).toEqual([good.version]);
  });

  it('refuses a build whose server check fails, and removes the files it stored', async () => {
    const s = setup();
    s.context.checkServer = async () => ['/invest does not render: boom'];
    await expect(release(s, 'v1')).rejects.toThrow(/\/invest does not render: boom/);
    expect(storedVersions(s)).toEqual([]);
    expect(await s.store.currentVersions()).toEqual(new Map());
  });

  it('refuses when the shell build is missing', async () => {
    const s = setup();
    fs.rmSync(path.join(s.siteRoot, 'shell', 'dist'), { recursive: true });
    await expect(release(s, 'v1')).rejects.toThrow(/build the shell/);
  });
});

describe('the checkout build as the first release', () => {
  it('is listed after the first release, and a rollback returns to it', async () => {
    const s = setup(true);
    const first = await release(s, 'v1');
    const [baseline] = await listed(s);
    expect(baseline).toEqual([expect.stringMatching(/^1\.2\.0-/), 'released', false]);
    expect(first.previous).toBe(baseline?.[0]);
    const back = await rollbackRelease(s.context, { ...who, remote: 'mf_invest' });
    expect(back).toEqual({ from: first.version, to: baseline?.[0], endedCanary: null, warnings: [] });
    expect(fs.readFileSync(path.join(s.releasesDir, 'mf_invest', String(baseline?.[0]), 'remoteEntry.js'), 'utf8')).toBe('/* checkout */');
  });

  it("records the checkout build with its own time and no sha, not the new release's dirty sha and time", async () => {
    const s = setup(true);
    const builtAt = new Date('2026-11-01T09:00:00.000Z');
    fs.utimesSync(path.join(s.siteRoot, 'mf-invest', 'dist', 'mf-manifest.json'), builtAt, builtAt);
    const first = await releaseBuild(s.context, { ...who, gitSha: 'abc1234-dirty', remote: 'mf_invest', buildDir: fixtureBuild('v1') });
    const { releases } = await listReleases(s.context, 'mf_invest');
    expect(releases.find((r) => r.version !== first.version)).toMatchObject({ gitSha: null, createdAt: builtAt.toISOString() });
    expect(releases.find((r) => r.version === first.version)).toMatchObject({ gitSha: 'abc1234-dirty' });
  });
});

describe('candidates', () => {
  it('are stored and listed but not live until promoted', async () => {
    const s = setup();
    const live = await release(s, 'v1');
    const candidate = await release(s, 'v2', { candidate: true });
    expect(candidate.candidate).toBe(true);
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(live.version);
    expect(await listed(s)).toEqual([
      [live.version, 'released', true],
      [candidate.version, 'candidate', false],
    ]);
    expect(await promoteRelease(s.context, { ...who, remote: 'mf_invest', version: candidate.version })).toEqual({
      from: live.version,
      to: candidate.version,
      endedCanary: null,
      warnings: [],
    });
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(candidate.version);
    await expect(promoteRelease(s.context, { ...who, remote: 'mf_invest', version: '9.9.9-nope' })).rejects.toThrow(
      /has no release 9\.9\.9-nope/,
    );
  });
});

describe('rollback', () => {
  const rollback = (s: Setup, to?: string) => rollbackRelease(s.context, { ...who, remote: 'mf_invest', to });

  it('says so when there is nothing to roll back to', async () => {
    const s = setup();
    await expect(rollback(s)).rejects.toThrow(/no releases yet/);
    await release(s, 'v1');
    await expect(rollback(s)).rejects.toThrow(/no earlier release/);
  });

  it('repoints to the previous release, and skips releases already rolled back from', async () => {
    const s = setup();
    const a = await release(s, 'a');
    const b = await release(s, 'b');
    expect(await rollback(s)).toEqual({ from: b.version, to: a.version, endedCanary: null, warnings: [] });
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(a.version);
    const c = await release(s, 'c');
    // b was rolled back from: rolling c back goes to a.
    expect(await rollback(s)).toEqual({ from: c.version, to: a.version, endedCanary: null, warnings: [] });
  });

  it('rolls to a named release', async () => {
    const s = setup();
    const a = await release(s, 'a');
    await release(s, 'b');
    await release(s, 'c');
    expect((await rollback(s, a.version)).to).toBe(a.version);
    await expect(rollback(s, '9.9.9-nope')).rejects.toThrow(/has no release 9\.9\.9-nope/);
  });
});

describe('two releases at the same moment', () => {
  it('lets one win and refuses the other with nothing half-written', async () => {
    const s = setup();
    await release(s, 'base');
    // Both read the registry before either commits: the second commit finds the revision moved.
    const stateRead = s.store.state.bind(s.store);
    let reads = 0;
    let releaseReads: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (releaseReads = resolve));
    s.store.state = async (remote) => {
      const state = await stateRead(remote);
      if (++reads === 2) releaseReads();
      await bothRead;
      return state;
    };
    const results = await Promise.allSettled([release(s, 'one'), release(s, 'two')]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(String(lost[0]?.reason)).toMatch(/another release of mf_invest changed the registry at the same moment/);
    s.store.state = stateRead;
    const winner = (won[0] as PromiseFulfilledResult<{ version: string }>).value.version;
    expect((await s.store.currentVersions()).get('mf_invest')).toBe(winner);
    expect((await listReleases(s.context, 'mf_invest')).releases).toHaveLength(2);
  });
});
