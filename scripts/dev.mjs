// `npm run dev`: every front end's dev server with hot reload, plus the api in watch mode.
// `npm run dev -- mf-invest` develops one remote alone: its dev server plus the api, which serves the
// built shell and the other remotes and points the registry at the dev server.
import { FRONTENDS, REMOTES, ROOT, run } from './lib.mjs';

const only = process.argv.slice(2).filter((a) => FRONTENDS.includes(a));
const remotes = only.length ? only.filter((p) => p !== 'shell') : FRONTENDS.filter((p) => p !== 'shell');
const withShell = only.length === 0 || only.includes('shell');

// Without the shell's dev server, remotes run inside the built shell (see rspack-base.ts).
const env = withShell ? {} : { CARDLIFT_AGAINST_BUILT_SHELL: '1' };
for (const remote of REMOTES.filter((r) => remotes.includes(r.packageDir))) {
  env[`REMOTE_${remote.name.toUpperCase()}_ENTRY`] = `http://localhost:${remote.devPort}/mf-manifest.json`;
}
const commands = [
  { name: 'api', command: 'tsx watch api/src/server.ts', env },
  ...remotes.map((pkg) => ({ name: pkg, command: `npm run dev --silent -w ${pkg}` })),
  ...(withShell ? [{ name: 'shell', command: 'npm run dev --silent -w shell' }] : []),
];
console.log(withShell ? 'Open http://localhost:3100 (shell dev server; /api goes to :3000)' : 'Open http://localhost:3000');
const args = ['concurrently', '--kill-others-on-fail', '--names', commands.map((c) => c.name).join(','), ...commands.map((c) => c.command)];
process.exit(await run('npx', args, { env: { ...process.env, ...env }, cwd: ROOT }));
