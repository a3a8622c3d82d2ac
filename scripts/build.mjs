// `npm run build`: every front end, the shell first, then each section of the table of remotes, then
// the content editor; then the api, compiled to plain JavaScript (api/dist) for `npm start`.
import { BUILDS, run } from './lib.mjs';

for (const pkg of [...BUILDS, '@cardlift/api']) {
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
