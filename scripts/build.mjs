// `npm run build`: every front end, the shell first, then each section of the table of remotes, then the content editor.
import { BUILDS, run } from './lib.mjs';

for (const pkg of BUILDS) {
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
