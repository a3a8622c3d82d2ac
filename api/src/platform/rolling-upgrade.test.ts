/**
 * A rolling upgrade on one PostgreSQL database: the previous release's code keeps working beside the
 * new code while the new one migrates. The previous release is taken from git, into a worktree made
 * here: the newest commit that changed the migrations while they ended at PREVIOUS_RELEASE_MIGRATION
 * (the last migration the release before this one shipped; raise it with each release). Its api runs
 * beside this checkout's, both on one fresh schema, the old one started first; then each takes a lead,
 * a page view's measurement, a release and a content write, and sees the other's.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contactSubmission } from '../../test/contact-submission';
import { writeReleasableSite } from '../../test/fixture-builds';
import { freshSchemaUrl, TEST_DATABASE_URL } from '../../test/postgres';
import { releasableBuild } from '../../test/release-bombs';
import { spawnServer, startServer, freePort, waitForReady, type ServerProcess } from '../../test/server-process';
import { pageViewTokens } from '../../test/site-page-views';
import { shellManifest } from '../releases/test-fixtures';
import { REPO_ROOT } from './config';
import { allMigrations } from '../database/all-migrations';

/** The highest migration the previous release ran. */
const PREVIOUS_RELEASE_MIGRATION = 9;
/** Where the migrations are listed: one file up to migration 26, each module's own `*-migrations.ts` since. */
const MIGRATION_FILES = ['api/src/platform/db-migrations.ts', ':(glob)api/src/**/*-migrations.ts'];
const TOKEN = 'invest-token';
const CONTENT_TOKEN = 'content-publisher-token';
const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const suite = TEST_DATABASE_URL ? describe : describe.skip;

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** The highest migration `commit` lists (git grep exits 1 when nothing matches). */
function highestMigration(commit: string): number {
  let listed = '';
  try {
    listed = git('grep', '-h', '-E', 'version: [0-9]+,', commit, '--', ...MIGRATION_FILES);
  } catch {
    return 0;
  }
  return Math.max(0, ...[...listed.matchAll(/version: (\d+),/g)].map((m) => Number(m[1])));
}

/** The newest commit that changed the migrations while they ended at `version`. */
function previousRelease(version: number): string {
  for (const commit of git('log', '--format=%H', '--', ...MIGRATION_FILES).split('\n')) {
    if (highestMigration(commit) === version) return commit;
  }
  throw new Error(`no commit has migrations ending at ${version}`);
}

/**
 * A worktree of `commit` whose node_modules are this checkout's packages, except the workspace's own
 * (`@cardlift/*`), which are the worktree's: the old api must run its own contracts, not today's.
 */
function oldCheckout(commit: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-previous-release-'));
  git('worktree', 'add', '--detach', dir, commit);
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@cardlift'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry !== '@cardlift') fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const pkg of fs.readdirSync(path.join(REPO_ROOT, 'node_modules', '@cardlift'))) {
    const target = path.join(dir, path.basename(fs.readlinkSync(path.join(REPO_ROOT, 'node_modules', '@cardlift', pkg))));
    if (fs.existsSync(target)) fs.symlinkSync(target, path.join(modules, '@cardlift', pkg));
  }
  for (const own of ['api', 'shell']) {
    const ownModules = path.join(REPO_ROOT, own, 'node_modules');
    if (fs.existsSync(ownModules) && !fs.existsSync(path.join(dir, own, 'node_modules')))
      fs.symlinkSync(ownModules, path.join(dir, own, 'node_modules'));
  }
  return dir;
}

suite('a rolling upgrade: the previous release beside this one on one database', () => {
  const siteRoot = writeReleasableSite(shellManifest);
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-rolling-releases-'));
  let worktree = '';
  const servers: ServerProcess[] = [];
  let databaseUrl = '';

  const env = (dataDir: string) => ({
    SITE_ROOT: siteRoot,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RELEASES_DIR: releasesDir,
    RELEASE_TOKEN_MF_INVEST: sha(TOKEN),
    CONTENT_TOKEN_PUBLISHER: `${sha(CONTENT_TOKEN)}:publisher`,
    RUM_ALLOW_HEADLESS: '1',
    RUM_FLUSH_MS: '200',
  });

  beforeAll(async () => {
    databaseUrl = await freshSchemaUrl('rolling');
    worktree = oldCheckout(previousRelease(PREVIOUS_RELEASE_MIGRATION));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
    if (worktree) git('worktree', 'remove', '--force', worktree);
  }, 30_000);

  /** The previous release's api, run from its worktree (its own code and its own migrations). */
  async function startOld(): Promise<ServerProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-old-'));
    const server = spawnServer(env(dataDir), await freePort(), { entry: path.join(worktree, 'api', 'src', 'server.ts'), cwd: worktree });
    servers.push(server);
    await waitForReady(`${server.url}/api/ready`, server.child, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    return server;
  }

  const call = (server: ServerProcess, route: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${server.url}${route}`, {
      ...init,
      headers: {
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  /** A page-view token of /invest served with `version` (every instance serves a release within a second). */
  async function viewOf(server: ServerProcess, version: string): Promise<string> {
    for (let tries = 0; tries < 100; tries++) {
      const { page, views } = await pageViewTokens(server.url, '/invest', 1);
      if (page.versions.mf_invest === version) return views[0]!;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${server.url} never served mf_invest ${version}`);
  }

  /** The previous release's instance, once started. */
  let previous: ServerProcess | undefined;

  /** A lead, a page view's report, a release and a content write, each answered as a success. */
  async function writeEverything(server: ServerProcess, marker: string): Promise<string> {
    const lead = await call(server, '/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contactSubmission({ email: `${marker}@example.com` })),
    });
    expect([marker, 'lead', lead.status]).toEqual([marker, 'lead', 201]);
    const released = await call(server, '/api/releases/mf_invest', {
      method: 'POST',
      token: TOKEN,
      headers: { 'Content-Type': 'application/gzip' },
      body: new Uint8Array(releasableBuild(marker)),
    });
    expect([marker, 'release', released.status, released.status === 201 ? '' : await released.text()]).toEqual([
      marker,
      'release',
      201,
      '',
    ]);
    const { version } = (await released.json()) as { version: string };
    // This release counts a report only with a page-view token from a page it served; the previous
    // one takes the report alone.
    const page = { route: '/invest', section: 'mf_invest', versions: { mf_invest: version } };
    const view = server === previous ? {} : { view: await viewOf(server, version) };
    const report = await call(server, '/api/rum', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ ...view, ...page, device: 'desktop', metrics: { lcp: 1200 } }),
    });
    expect([marker, 'rum', report.status]).toEqual([marker, 'rum', 204]);
    const banners = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'api', 'content', 'banners.json'), 'utf8')) as object;
    // This release asks every write for the revision it was based on (the previous one ignores it).
    const etag = (await call(server, '/api/content/banners/site', { token: CONTENT_TOKEN })).headers.get('ETag');
    const saved = await call(server, '/api/content/banners/site', {
      method: 'PUT',
      token: CONTENT_TOKEN,
      headers: { 'Content-Type': 'application/json', ...(etag ? { 'If-Match': etag } : {}) },
      body: JSON.stringify(banners),
    });
    expect([marker, 'content', saved.status]).toEqual([marker, 'content', 200]);
    return version;
  }

  /** Waits until `server` counts a page view of `version` (the reports are written every 200 ms). */
  async function seesViews(server: ServerProcess, version: string): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const health = (await (await call(server, '/api/releases/mf_invest/health', { token: TOKEN })).json()) as {
        versions: { version: string; views: number }[];
      };
      if ((health.versions.find((v) => v.version === version)?.views ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no page view of ${version} counted`);
  }

  it('takes leads, measurements, releases and content writes from both, the new code having migrated under the old', async () => {
    expect(Math.max(...allMigrations().map((m) => m.version))).toBeGreaterThan(PREVIOUS_RELEASE_MIGRATION);
    const old = await startOld();
    previous = old;
    await writeEverything(old, 'old-before');
    // The new code starts on the database the old one runs on, and migrates it.
    const fresh = await startServer(env(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-new-'))));
    servers.push(fresh);
    const fromOld = await writeEverything(old, 'old-after');
    const fromNew = await writeEverything(fresh, 'new');
    // Each sees what the other wrote: measurements, and releases in the shared registry.
    await seesViews(fresh, fromOld);
    await seesViews(old, fromNew);
    const listed = async (server: ServerProcess) =>
      (
        (await (await call(server, '/api/releases/mf_invest', { token: TOKEN })).json()) as { releases: { version: string }[] }
      ).releases.map((r) => r.version);
    expect(await listed(old)).toEqual(expect.arrayContaining([fromOld, fromNew]));
    expect(await listed(fresh)).toEqual(expect.arrayContaining([fromOld, fromNew]));
  }, 180_000);
});
