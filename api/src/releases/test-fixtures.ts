/** A throwaway checkout (shell build + one remote package) and fake remote builds, for the release tests. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../app-config';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { FederationManifest } from '../artifacts/manifest';
import { releaseContext } from './release-context';
import type { ReleaseContext } from './release-service';
import { openSqliteRegistry } from './open-registry';

const files = { sync: [] as string[], async: [] as string[] };
const noAssets = { js: files, css: files };

export const shellManifest: FederationManifest = {
  name: 'shell',
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    { name: 'react-router-dom', version: '7.18.5', singleton: true, requiredVersion: '^7.18.5' },
    { name: '@cardlift/shell/ui', version: '1.0.0', singleton: true, requiredVersion: '^1.0.0' },
    { name: 'zod', version: '4.6.7', singleton: false, requiredVersion: '^4.6.7' },
  ],
  exposes: [],
};

export function remoteManifest(overrides: Partial<FederationManifest> = {}): FederationManifest {
  return {
    name: 'mf_invest',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: '1.2.0' } },
    shared: [
      { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '19.3.1', assets: noAssets },
      { name: 'react-router-dom', version: '7.18.5', singleton: true, requiredVersion: '7.18.5', assets: noAssets },
      { name: '@cardlift/shell/ui', version: '1.0.0', singleton: true, requiredVersion: '^1.0.0', assets: noAssets },
      { name: 'zod', version: '4.6.7', singleton: false, requiredVersion: '4.6.7', assets: noAssets },
    ],
    exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: ['assets/routes.abc123def0.js'], async: [] }, css: files } }],
    ...overrides,
  };
}

/** Writes a build directory holding `manifest` and the files it names. */
export function writeBuild(dir: string, manifest: FederationManifest, marker = 'v1'): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${marker} */`);
  fs.writeFileSync(path.join(dir, 'assets', 'routes.abc123def0.js'), `export default ${JSON.stringify(marker)};`);
}

export function tempCheckout(): { siteRoot: string; releasesDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
  const siteRoot = path.join(root, 'site');
  fs.mkdirSync(path.join(siteRoot, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(siteRoot, 'shell', 'dist', 'mf-manifest.json'), JSON.stringify(shellManifest));
  fs.mkdirSync(path.join(siteRoot, 'mf-invest'), { recursive: true });
  fs.writeFileSync(path.join(siteRoot, 'mf-invest', 'package.json'), JSON.stringify({ name: '@cardlift/mf-invest', version: '1.2.0' }));
  return { siteRoot, releasesDir: path.join(root, 'releases') };
}

/** A release context on a throwaway SQLite registry and artifact folder, with the fixture shell. */
export function tempReleaseContext(checkout = tempCheckout()) {
  const config = loadConfig({
    ...process.env,
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    RELEASES_DIR: checkout.releasesDir,
  });
  const store = openSqliteRegistry(config.dataDir);
  const context = releaseContext(config, store);
  return { ...checkout, config, store, context };
}

/** An api instance's config over a throwaway checkout, mf_invest's release API open to `token`. */
export function checkoutConfig(checkout: ReturnType<typeof tempCheckout>, token: string, env: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    RELEASES_DIR: checkout.releasesDir,
    DATABASE_URL: '',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(token).digest('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Writes a fixture build into a fresh temporary folder and returns it. */
export function fixtureBuild(marker: string, manifest = remoteManifest()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
  writeBuild(dir, manifest, marker);
  return dir;
}

/**
 * Holds `context`'s next release attempt right after its build's folder is stored, until resumed:
 * an api instance stalled mid-release while another one goes ahead.
 */
export function pauseAfterStoring(context: ReleaseContext): { stored: Promise<void>; resume(): void } {
  const artifacts: ArtifactStore = context.artifacts;
  const put = artifacts.put.bind(artifacts);
  let reached: () => void = () => undefined;
  let resume: () => void = () => undefined;
  const stored = new Promise<void>((resolve) => (reached = resolve));
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  artifacts.put = async (...args) => {
    const published = await put(...args);
    artifacts.put = put;
    reached();
    await resumed;
    return published;
  };
  return { stored, resume };
}
