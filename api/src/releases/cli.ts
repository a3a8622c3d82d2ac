/**
 * Release CLI, one per site, run from each remote's package scripts:
 *   npm run release  -w mf-invest   build, check, publish, repoint the registry
 *   npm run rollback -w mf-invest   repoint to the previous release (`-- --to <version>` for another)
 *   npm run releases -w mf-invest   list the releases, the current one marked
 * `release -- --from-dir <dir>` promotes an existing build (e.g. a CI artifact) instead of building.
 * Exit codes: 0 done, 1 refused or failed (registry unchanged), 2 usage.
 */
import { parseArgs } from 'node:util';
import { listReleases, releaseRemote, ReleaseRefused, rollbackRemote } from './release-service';
import { parseRemoteName, releaseSettings } from './settings';

const USAGE = 'usage: cli.ts <release|rollback|releases> <remote> [--from-dir <dir>] [--to <version>]';

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'from-dir': { type: 'string' }, to: { type: 'string' } },
  });
  const [command, remoteArg] = positionals;
  const remote = parseRemoteName(remoteArg);
  if (!command || !remote) {
    console.error(remoteArg ? `unknown remote "${remoteArg}"\n${USAGE}` : USAGE);
    return 2;
  }
  const settings = releaseSettings();

  switch (command) {
    case 'release': {
      console.log(`Releasing ${remote} into ${settings.releasesDir}`);
      const fromDir = values['from-dir'];
      const outcome = await releaseRemote({ ...settings, remote, ...(fromDir ? { fromDir } : {}) });
      if (outcome.alreadyCurrent) console.log(`${remote} ${outcome.version} is already the current release; nothing changed.`);
      else {
        const reused = outcome.published ? '' : ' (this build was released before; its files are reused)';
        console.log(`Released ${remote} ${outcome.version}${reused}; previous: ${outcome.previous ?? 'checkout build'}.`);
        console.log('The site serves it from the next page load.');
      }
      return 0;
    }
    case 'rollback': {
      const { from, to } = rollbackRemote({ ...settings, remote, ...(values.to ? { to: values.to } : {}) });
      console.log(`Rolled ${remote} back from ${from} to ${to}. The site serves it from the next page load.`);
      return 0;
    }
    case 'releases': {
      const { current, releases } = listReleases({ ...settings, remote });
      console.log(`Releases of ${remote} in ${settings.releasesDir}:`);
      if (releases.length === 0) console.log('  none yet');
      for (const r of releases) {
        const notes = [r.releasedAt, r.gitSha && `git ${r.gitSha}`, r.rolledBackAt && `rolled back ${r.rolledBackAt}`].filter(Boolean);
        console.log(`${r.current ? '* ' : '  '}${r.version}  ${notes.join('  ')}${r.current ? '  (current)' : ''}`);
      }
      if (!current) console.log('  (no current release: the site serves the checkout build of this remote)');
      return 0;
    }
    default:
      console.error(`unknown command "${command}"\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ReleaseRefused) console.error(`Refused: ${error.message}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
