/**
 * Stand-ins for the front ends' builds, for api tests that need no real build: a server bundle per
 * package that exports the package's real page table (and a render that leaves pages to the
 * browser), plus a minimal manifest so the registry serves the remote. The page tables are compiled
 * from the TypeScript source with esbuild: the renderers read them as they read built ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { REMOTE_PACKAGES, remoteByPackage, type RemotePackage } from '@cardlift/contracts';

const REPO = path.resolve(__dirname, '..', '..');
export { REMOTE_PACKAGES } from '@cardlift/contracts';

/** A page table's source compiled to one plain file, once per test process. */
const compiled = new Map<string, string>();

function compiledSource(source: string): string {
  const kept = compiled.get(source);
  if (kept !== undefined) return kept;
  const result = buildSync({
    entryPoints: [path.join(REPO, source)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const text = result.outputFiles[0]!.text;
  compiled.set(source, text);
  return text;
}

/**
 * A server bundle exporting a package's page table. The page table is compiled in beside it: the
 * renderer processes read only the builds, and cannot compile TypeScript (or read the repository's source).
 */
function serverBundle(dir: string, source: string, exportName: string, extra: string): void {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'page-table.js'), compiledSource(source));
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), `exports.pageTable = require('./page-table.js').${exportName};\n${extra}\n`);
}

/** The shell's server bundle in `<siteRoot>/shell/dist`; `renderApp` is its render's code (none by default). */
export function writeShellServerBuild(siteRoot: string, renderApp = "exports.renderApp = async () => '';"): void {
  serverBundle(path.join(siteRoot, 'shell', 'dist'), 'shell/src/pages/meta.ts', 'shellPageTable', renderApp);
}

/** A remote's dist: a manifest with the ./routes expose and the server bundle with its page table. */
export function writeRemoteBuild(siteRoot: string, pkg: RemotePackage, manifest?: object): void {
  const dist = path.join(siteRoot, pkg, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  const fallback = {
    name: remoteByPackage(pkg).name,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [],
    exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest ?? fallback));
  serverBundle(dist, `${pkg}/src/meta.ts`, 'remoteMeta', 'exports.loadRoutes = async () => () => null;');
}

/**
 * A whole site of fixture builds in a temporary folder (SITE_ROOT): a shell with a server build and
 * every remote with a manifest, a stylesheet and a page table, so the api serves pages without a
 * real front-end build.
 */
export function writeFixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-site-'));
  const shellDist = path.join(root, 'shell', 'dist');
  fs.mkdirSync(path.join(shellDist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script src="/assets/boot.0123456789.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(shellDist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shellDist, '.env'), 'SECRET=1');
  writeShellServerBuild(root);
  for (const pkg of REMOTE_PACKAGES) {
    const dist = path.join(root, pkg, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const manifest = {
      name: pkg,
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [],
      exposes: [
        {
          name: 'routes',
          path: './routes',
          assets: { js: { sync: ['assets/routes.abcdef1234.js'], async: [] }, css: { sync: ['assets/routes.abcdef1234.css'], async: [] } },
        },
      ],
    };
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'var x;');
    fs.writeFileSync(path.join(dist, 'assets', 'chunk.abcdef1234.js'), 'var y;');
    writeRemoteBuild(root, pkg, manifest);
  }
  return root;
}

/**
 * A fixture site a release can be made to through the release API: its shell renders a page (a
 * release's static pages must render) and has a federation manifest (a release is checked against it).
 */
export function writeReleasableSite(shellManifest: object): string {
  const root = writeFixtureSite();
  writeShellServerBuild(root, "exports.renderApp = async () => '<main><h1>Page</h1></main>';");
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'mf-manifest.json'), JSON.stringify(shellManifest));
  return root;
}
