// `npm run test:e2e`: builds every front end, makes sure Chromium is there, runs the browser suite.
import { BUILDS, ensureChromium, run } from './lib.mjs';

if (!ensureChromium()) process.exit(1);
for (const pkg of BUILDS) {
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
process.exit(await run('npx', ['jest', '-c', 'e2e/jest.config.ts', ...process.argv.slice(2)]));
