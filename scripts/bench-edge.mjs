// `npm run bench:edge [-- --seconds=30 --connections=200 --changes=50]`: the site behind Varnish
// against the api alone (api/bench/edge-bench.ts), between two readings of Lighthouse's
// benchmarkIndex, so its figures can be read against how fast the machine was meanwhile.
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const index = (label) => run('node', ['scripts/benchmark-index.mjs', label]);
await index('before');
const code = await run(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [
  path.join(ROOT, 'api', 'bench', 'edge-bench.ts'),
  ...process.argv.slice(2),
]);
await index('after');
process.exit(code);
