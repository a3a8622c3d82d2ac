// `npm start`: builds whatever front end is missing (and the shell after a change to the table of
// remotes), then serves the whole site on PORT (default 3000).
import { BUILDS, buildsToMake, ROOT, run } from './lib.mjs';
import path from 'node:path';

const rebuild = process.argv.includes('--rebuild');
const toBuild = rebuild ? BUILDS : buildsToMake();
for (const pkg of toBuild) {
  console.log(`Building ${pkg}...`);
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
const code = await run(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'server.ts')]);
process.exit(code);
