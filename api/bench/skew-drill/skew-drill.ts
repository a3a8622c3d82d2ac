/**
 * `npm run drill:skew`: deploys nobody notices, under load. Three api instances on one PostgreSQL
 * database (builds in the database by default: no shared folder) behind a round-robin load balancer
 * (Node's http), and Chromium tabs across every section that navigate, open menus and send the form.
 * Meanwhile: release/rollback cycles across the four remotes, a canary stepped and rolled back, and a
 * rolling restart of the three instances onto a changed shell. Prints page errors, console errors,
 * failed requests, failure panels, skew recoveries, and leads acknowledged against stored: the goal
 * is 0, 0, 0, 0, any, and equal. Exits 1 otherwise.
 *
 *   npm run drill:skew                          # 50 tabs, 20 cycles (the full drill: run it on an idle machine)
 *   npm run drill:skew -- --tabs=3 --cycles=2 --no-shell-change   # a short check that it runs
 *   options: --artifacts=directory (a shared folder instead of the database); DRILL_DATABASE_URL (default
 *   postgres://postgres@127.0.0.1:5432/test: the drill works in a schema of its own there)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REMOTE_PACKAGES } from '@cardlift/contracts';
import { buildChangedShell } from '../../test/changed-shell';
import { freshSchemaUrl } from '../../test/postgres';
import { spawnServer, freePort, waitForReady, type ServerProcess } from '../../test/server-process';
import { REPO_ROOT } from '../../src/platform/config';
import { canaryCycle, releaseCycles, releaseTokens, tokenSettings } from './drill-releases';
import { runTabs } from './drill-tabs';
import { roundRobinProxy, type Backend } from './round-robin-proxy';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? (process.argv.includes(`--${name}`) ? 'true' : fallback);
const TABS = Number(option('tabs', '50'));
const CYCLES = Number(option('cycles', '20'));
const ARTIFACTS = option('artifacts', 'database');
const SHELL_CHANGE = !process.argv.includes('--no-shell-change');
const INSTANCES = 3;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const pause =
  (ms = 1500) =>
  () =>
    new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The checkout's builds, copied: a deploy changes them without touching the checkout. */
function copyOfBuilds(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-skew-drill-'));
  for (const pkg of ['shell', ...REMOTE_PACKAGES]) {
    const dist = path.join(REPO_ROOT, pkg, 'dist');
    if (!fs.existsSync(dist)) throw new Error(`${pkg} is not built: run npm run build first`);
    fs.cpSync(dist, path.join(root, pkg, 'dist'), { recursive: true });
  }
  return root;
}

async function main(): Promise<void> {
  // A schema of the drill's own on the PostgreSQL server DRILL_DATABASE_URL (or this machine's) names.
  const databaseUrl = await freshSchemaUrl('skew_drill', process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const tokens = releaseTokens();
  const sharedReleases = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-skew-releases-'));
  const siteRoots = Array.from({ length: INSTANCES }, copyOfBuilds);
  const nextShell = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-skew-shell-'));
  if (SHELL_CHANGE) {
    log('building the changed shell of the rolling restart');
    await buildChangedShell(nextShell);
  }

  const env = (index: number): Record<string, string> => ({
    SITE_ROOT: siteRoots[index]!,
    DATA_DIR: path.join(siteRoots[index]!, 'data'),
    DATABASE_URL: databaseUrl,
    ARTIFACTS,
    ...(ARTIFACTS === 'directory' ? { RELEASES_DIR: sharedReleases } : {}),
    ...tokenSettings(tokens),
    RUM_ALLOW_HEADLESS: '1',
    TRUST_PROXY_HOPS: '1',
    CANARY_STEPS: 'manual',
    LOG_LEVEL: 'error',
    // The instances share two cores with 50 Chromium tabs here, and an upload is unpacked in a thread
    // at the lowest priority (so pages keep answering): a 1 MB build then took over the default 30 s.
    RELEASE_UNPACK_TIMEOUT_MS: '180000',
  });
  const backends: Backend[] = [];
  const servers: ServerProcess[] = [];
  const start = async (index: number) => {
    const port = backends[index]?.port ?? (await freePort());
    const server = spawnServer(env(index), port);
    await waitForReady(`${server.url}/api/ready`, server.child, 60_000);
    servers[index] = server;
    backends[index] = { port, up: true };
  };
  // A drill that fails midway leaves no instance running.
  process.once('exit', () => servers.forEach((server) => server?.child.kill('SIGKILL')));
  for (let i = 0; i < INSTANCES; i++) await start(i);
  const proxy = await roundRobinProxy(backends);
  const baseUrl = `http://127.0.0.1:${proxy.port}`;
  log(`${INSTANCES} instances behind ${baseUrl}; ${TABS} tabs`);

  let running = true;
  const tabs = runTabs(baseUrl, TABS, () => running);
  try {
    const moves = await releaseCycles(baseUrl, siteRoots[0]!, tokens, CYCLES, log, pause());
    await canaryCycle(baseUrl, siteRoots[0]!, tokens, log, pause());
    for (let i = 0; i < INSTANCES; i++) {
      // Out of the balancer, stopped (SIGTERM: it finishes what it started), deployed, started again.
      backends[i]!.up = false;
      servers[i]!.child.kill('SIGTERM');
      await servers[i]!.exited();
      if (SHELL_CHANGE) {
        fs.rmSync(path.join(siteRoots[i]!, 'shell', 'dist'), { recursive: true });
        fs.cpSync(nextShell, path.join(siteRoots[i]!, 'shell', 'dist'), { recursive: true });
      }
      await start(i);
      log(`instance ${i + 1} restarted${SHELL_CHANGE ? ' on the changed shell' : ''}`);
      await pause(3000)();
    }
    log(`${moves} releases and rollbacks, a canary, a rolling restart: letting the tabs run on`);
    await pause(5000)();
  } finally {
    running = false;
  }
  const tally = await tabs;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = Number(
    (await client.query<{ n: string }>("SELECT count(*) AS n FROM leads WHERE company = 'Skew Drill'")).rows[0]?.n ?? 0,
  );
  await client.end();
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited()));
  await proxy.close();

  const rows: [string, number, string][] = [
    ['page errors', tally.pageErrors.length, '0'],
    ['console errors', tally.consoleErrors.length, '0'],
    ['failed requests', tally.failedRequests.length, '0'],
    ['error panels', tally.errorPanels, '0'],
    ['skew recoveries', tally.skewRecoveries, 'any'],
    ['leads acknowledged', tally.leadsAcknowledged, `= stored (${stored})`],
  ];
  console.log(`\n${tally.visits} client-side visits by ${TABS} tabs\n`);
  console.log('| what | observed | goal |\n|---|---|---|');
  for (const [what, observed, goal] of rows) console.log(`| ${what} | ${observed} | ${goal} |`);
  const samples = [...tally.pageErrors, ...tally.consoleErrors, ...tally.failedRequests].slice(0, 10);
  if (samples.length) console.log(`\nfirst of them:\n${samples.map((s) => `  ${s}`).join('\n')}`);
  const pass =
    tally.pageErrors.length + tally.consoleErrors.length + tally.failedRequests.length + tally.errorPanels === 0 &&
    tally.leadsAcknowledged === stored;
  for (const dir of [...siteRoots, nextShell, sharedReleases]) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`skew drill failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
