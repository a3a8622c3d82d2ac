// `npm run build -w @cardlift/api`: compiles the server to plain JavaScript in api/dist, so production
// runs it with `node` alone (no TypeScript compiler at start, no loader between the process manager and
// the server). Three entries, one bundle each: the server, and the task modules of the two kinds of
// worker thread (a render, an upload). Packages from node_modules stay outside the bundles and load
// as usual; the workspace's own TypeScript (the contracts) is compiled in. The worker entry files
// (.cjs) are copied beside them: they load the compiled task module when it is there, tsx's otherwise.
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
  'render-tasks': 'src/site/render-tasks.ts',
  'upload-task': 'src/registry/upload-task.ts',
};
const WORKER_FILES = ['src/site/render-worker.cjs', 'src/registry/upload-thread.cjs'];

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
for (const file of WORKER_FILES) fs.copyFileSync(path.join(API, file), path.join(staging, path.basename(file)));
// Swapped in whole: a server starting meanwhile never finds half a build.
fs.rmSync(OUT, { recursive: true, force: true });
fs.renameSync(staging, OUT);
