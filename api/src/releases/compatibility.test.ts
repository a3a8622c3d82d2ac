import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkEntryScript, checkExpose, checkFiles, checkSharedSingletons, verifyBuild } from './compatibility';
import { remoteManifest, shellManifest, writeBuild } from './test-fixtures';

describe('manifest checks', () => {
  it('accepts a remote that matches the shell', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compat-'));
    writeBuild(dir, remoteManifest());
    expect(verifyBuild({ manifest: remoteManifest(), shellManifest, buildDir: dir, federationName: 'mf_invest' })).toEqual([]);
  });

  it('requires the ./routes expose', () => {
    expect(checkExpose(remoteManifest({ exposes: [] }))[0]).toMatch(/does not expose "\.\/routes" \(exposes: none\)/);
  });

  it('refuses a singleton version outside the shell range', () => {
    const manifest = remoteManifest();
    manifest.shared[0] = { name: 'react', version: '18.3.1', singleton: true, requiredVersion: '^18.3.1' };
    const problems = checkSharedSingletons(manifest, shellManifest);
    expect(problems).toContain("react@18.3.1 does not satisfy the shell's required version ^19.3.1");
    expect(problems).toContain('the shell provides react@19.3.1 but the remote requires ^18.3.1');
  });

  it('refuses a module shared as a non-singleton that the shell shares as a singleton', () => {
    const manifest = remoteManifest();
    manifest.shared[1] = { name: 'react-router-dom', version: '7.18.5', singleton: false };
    expect(checkSharedSingletons(manifest, shellManifest)).toEqual([
      'react-router-dom: singleton is false in the remote but true in the shell',
    ]);
  });

  it('refuses a singleton the shell does not share', () => {
    const manifest = remoteManifest();
    manifest.shared.push({ name: 'jotai', version: '2.20.3', singleton: true });
    expect(checkSharedSingletons(manifest, shellManifest)).toEqual(['jotai is a singleton in the remote but the shell does not share it']);
  });

  it('ignores versions of modules that are shared but not singletons', () => {
    const manifest = remoteManifest();
    manifest.shared[3] = { name: 'zod', version: '3.0.0', singleton: false, requiredVersion: '^3.0.0' };
    expect(checkSharedSingletons(manifest, shellManifest)).toEqual([]);
  });

  it('refuses a container script the shell would not find beside the manifest', () => {
    expect(checkEntryScript(remoteManifest())).toEqual([]);
    const moved = remoteManifest();
    moved.metaData = { ...moved.metaData, remoteEntry: { name: 'entry.js', path: 'js' } };
    expect(checkEntryScript(moved)).toEqual([
      'the container script is "js/entry.js", but the shell loads "remoteEntry.js" beside the manifest (federation filename)',
    ]);
  });

  it('names files the manifest lists but the build lacks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compat-'));
    writeBuild(dir, remoteManifest());
    fs.rmSync(path.join(dir, 'assets', 'routes.abc123def0.js'));
    expect(checkFiles(remoteManifest(), dir)[0]).toMatch(/missing from the build: assets\/routes\.abc123def0\.js/);
  });
});
