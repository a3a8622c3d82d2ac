// `npm run bench:api [-- --rum]`: the api's benchmark (api/bench/api-bench.ts) between two readings of
// Lighthouse's benchmarkIndex, so its figures can be read against how fast the machine was meanwhile.
import { run } from './lib.mjs';

const index = (label) => run('node', ['scripts/benchmark-index.mjs', label]);
await index('before');
const code = await run('npm', ['run', 'bench', '--silent', '-w', '@cardlift/api', '--', ...process.argv.slice(2)]);
await index('after');
process.exit(code);
