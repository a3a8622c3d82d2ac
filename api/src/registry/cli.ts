/**
 * Release CLI, one per site, run from each remote's package scripts:
 *   npm run release  -w mf-invest                  build, check, store, repoint the registry
 *   npm run release  -w mf-invest -- --candidate   store and check only; promote it later
 *   npm run release  -w mf-invest -- --to URL      send the build to a running site (token in RELEASE_TOKEN)
 *   npm run promote  -w mf-invest -- --version V   make a stored release live (`--share N`, 1-99: a canary for N % of visitors)
 *   npm run rollback -w mf-invest                  repoint to the previous release (`-- --to <version>` for another)
 *   npm run releases -w mf-invest                  list the releases, the current one marked
 *   npm run releases -w mf-invest -- --health      visitors' figures per version (`--hours N`, default 24)
 * `--from-dir <dir>` uses an existing build (a CI artifact) instead of building; `--site URL` sends
 * promote, rollback and releases to a running site. Exit codes: 0 done, 1 refused or failed
 * (registry unchanged), 2 usage.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { RenderPool } from '../site/render-pool';
import { buildRemote, gitSha } from './build-output';
import { printReleases, sendToSite } from './cli-remote';
import { openRegistryStore } from './open-registry';
import { artifactsWiring } from './artifacts/artifacts-wiring';
import { releaseContext, serverCheck } from './release-context';
import { listReleases, promoteRelease, releaseBuild, ReleaseRefused } from './release-service';
import { FULL_SHARE, rollbackOrEndCanary, startCanary } from './canary/canary-service';
import { packageDir, parseRemoteName } from './remote-names';
import { parseHours, printLocalHealth } from '../rum/health-table';

const USAGE =
  'usage: cli.ts <release|promote|rollback|releases> <remote> [--from-dir <dir>] [--candidate] [--to <url|version>] [--version <v> [--share <n>]] [--site <url>] [--health [--hours <n>]]';

async function obtainBuild(remote: RemoteName, siteRoot: string, fromDir: string | undefined) {
  if (fromDir) return { dir: path.resolve(process.env.INIT_CWD ?? process.cwd(), fromDir), cleanup: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await buildRemote(packageDir(siteRoot, remote), dir);
  } catch (error) {
    cleanup();
    throw new ReleaseRefused(`${remote} was not released`, [(error as Error).message]);
  }
  return { dir, cleanup };
}

/** `--share`: a whole percentage from 1 to 100 (100, the default, promotes fully). */
function parseShare(raw: string | undefined): number {
  if (raw === undefined) return FULL_SHARE;
  const share = Number(raw);
  if (!Number.isInteger(share) || share < 1 || share > FULL_SHARE)
    throw new ReleaseRefused(`--share must be a whole number from 1 to 100, got "${raw}"`);
  return share;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'from-dir': { type: 'string' },
      to: { type: 'string' },
      version: { type: 'string' },
      site: { type: 'string' },
      candidate: { type: 'boolean' },
      health: { type: 'boolean' },
      hours: { type: 'string' },
      share: { type: 'string' },
    },
  });
  const [command, remoteArg] = positionals;
  const remote = parseRemoteName(remoteArg);
  if (!command || !remote) {
    console.error(remoteArg ? `unknown remote "${remoteArg}"\n${USAGE}` : USAGE);
    return 2;
  }
  const config = loadConfig();
  const sha = gitSha(config.siteRoot);
  const who = { actor: 'cli', gitSha: sha };
  const siteUrl = command === 'release' && values.to && /^https?:\/\//.test(values.to) ? values.to : values.site;

  if (siteUrl)
    return sendToSite({
      command,
      remote,
      siteUrl,
      values,
      obtain: () => obtainBuild(remote, config.siteRoot, values['from-dir']),
      gitSha: sha,
    });

  const store = await openRegistryStore(config);
  const logger = createLogger(process.env.LOG_LEVEL ?? 'error');
  const pool = new RenderPool(config, logger);
  // The site's artifact store: with ARTIFACTS=database a release made here goes to the database, as one through the api does.
  const stores = artifactsWiring(config, logger);
  try {
    const context = releaseContext(config, store, serverCheck(pool), stores.artifacts);
    switch (command) {
      case 'release': {
        console.log(`Releasing ${remote} into ${config.releasesDir}`);
        const build = await obtainBuild(remote, config.siteRoot, values['from-dir']);
        try {
          const outcome = await releaseBuild(context, { ...who, remote, buildDir: build.dir, candidate: values.candidate ?? false });
          if (outcome.alreadyCurrent) console.log(`${remote} ${outcome.version} is already the current release; nothing changed.`);
          else if (outcome.candidate)
            console.log(`Stored ${remote} ${outcome.version} as a candidate; promote it with --version ${outcome.version}.`);
          else {
            const reused = outcome.published ? '' : ' (this build was stored before; its files are reused)';
            console.log(`Released ${remote} ${outcome.version}${reused}; previous: ${outcome.previous ?? 'none'}.`);
            console.log('Every server of the site serves it from the next page load.');
          }
        } finally {
          build.cleanup();
        }
        return 0;
      }
      case 'promote': {
        if (!values.version) throw new ReleaseRefused('promote needs --version <version>');
        const share = parseShare(values.share);
        if (share < FULL_SHARE) {
          await startCanary(context, { ...who, remote, version: values.version, share });
          console.log(`${remote} ${values.version} is the canary for ${share} % of visitors; the guard watches it.`);
          return 0;
        }
        const { from, to } = await promoteRelease(context, { ...who, remote, version: values.version });
        console.log(`Promoted ${remote} ${to} (was ${from ?? 'the checkout build'}).`);
        return 0;
      }
      case 'rollback': {
        const { from, to } = await rollbackOrEndCanary(context, { ...who, remote, to: values.to });
        console.log(`Rolled ${remote} back from ${from} to ${to}. Every server of the site serves it from the next page load.`);
        return 0;
      }
      case 'releases':
        if (values.health) {
          const { canary } = await store.state(remote);
          await printLocalHealth(config, remote, parseHours(values.hours), await store.currentVersions(), canary);
          return 0;
        }
        printReleases(remote, config.releasesDir, { ...(await listReleases(context, remote)), canary: (await store.state(remote)).canary });
        return 0;
      default:
        console.error(`unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } finally {
    await store.close();
    await pool.close();
    await stores.stop();
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
