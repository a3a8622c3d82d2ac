// `npm run build -w @cardlift/api`: compiles the server to plain JavaScript in api/dist, so production
// runs it with `node` alone (no TypeScript compiler at start, no loader between the process manager and
// the server). The server and the upload thread's task module are bundled with packages from
// node_modules left outside (they load as usual; the workspace's own TypeScript, the contracts, is
// compiled in); the upload thread's entry (.cjs) is copied beside them. The renderer process's
// entry is bundled whole, every package inlined: a renderer may read its one file and the site's
// builds, not node_modules (site/renderer-bundle.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(API, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(API, 'package.json'), 'utf8'));
// Every installed package but the workspace's own, which ship TypeScript source.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cardlift/'));

const ENTRIES = {
  server: 'src/server.ts',
  'upload-task': 'src/artifacts/upload-task.ts',
};
const WORKER_FILES = ['src/artifacts/upload-thread.cjs'];

const staging = `${OUT}.staging-${process.pid}`;
fs.rmSync(staging, { recursive: true, force: true });
await build({
  absWorkingDir: API,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(API, file)])),
  outdir: staging,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
await build({
  absWorkingDir: API,
  entryPoints: { 'render-child': path.join(API, 'src/site/render-child.ts') },
  outdir: staging,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of WORKER_FILES) fs.copyFileSync(path.join(API, file), path.join(staging, path.basename(file)));
// Swapped in whole: a server starting meanwhile never finds half a build.
fs.rmSync(OUT, { recursive: true, force: true });
fs.renameSync(staging, OUT);
