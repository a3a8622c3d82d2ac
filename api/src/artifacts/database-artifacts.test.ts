/**
 * Several servers with PostgreSQL alone (ARTIFACTS=database): two api processes with empty disks and
 * no shared folder. A release through one is served, page and files, by the other within 2 s; an
 * old version's files are still served after both restart with their caches wiped; and a 40 MB
 * release is taken with the api's memory rising less than 64 MB (files stream to the database).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../../test/server-process';
import { freshSchemaUrl, TEST_DATABASE_URL } from '../../test/postgres';
import { releasableBuild } from '../../test/release-bombs';
import { writeReleasableSite } from '../../test/fixture-builds';
import { shellManifest } from '../releases/test-fixtures';

const TOKEN = 'invest-token';
const MB = 1024 * 1024;
const suite = TEST_DATABASE_URL ? describe : describe.skip;

const siteRoot = writeReleasableSite(shellManifest);
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-instance-')));
let databaseUrl = '';
const running: ServerProcess[] = [];

const start = async (index: number) => {
  const server = await startServer({
    SITE_ROOT: siteRoot,
    DATA_DIR: dataDirs[index]!,
    DATABASE_URL: databaseUrl,
    ARTIFACTS: 'database',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  });
  running.push(server);
  return server;
};
const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  await server.exited();
};

const release = async (via: ServerProcess, body: Buffer) => {
  const answer = await fetch(`${via.url}/api/releases/mf_invest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${TOKEN}` },
    body: new Uint8Array(body),
  });
  if (answer.status !== 201) throw new Error(`release answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { version: string }).version;
};

/** Polls `check` until it holds; answers how long that took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}

const text = async (server: ServerProcess, url: string) => {
  const answer = await fetch(`${server.url}${url}`);
  return answer.ok ? answer.text() : `${answer.status}`;
};

/** The process's resident memory in bytes (Linux). */
const rss = (server: ServerProcess) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) * 1024;

suite('builds in PostgreSQL, a cache per instance', () => {
  beforeAll(async () => {
    databaseUrl = await freshSchemaUrl('artifacts');
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) await stop(server);
  });

  it('serves a release made through another instance, then old files after both restart with empty disks', async () => {
    const [a, b] = [await start(0), await start(1)];
    const first = await release(a, releasableBuild('first'));
    const took = await within(2000, async () => (await text(b, `/remotes/mf_invest/${first}/remoteEntry.js`)) === '/* first */');
    expect(took).toBeLessThan(2000);
    await within(2000, async () => (await text(b, '/invest')).includes(`/remotes/mf_invest/${first}/`));

    const second = await release(b, releasableBuild('second'));
    await within(2000, async () => (await text(a, '/api/remotes')).includes(second));
    await Promise.all([stop(a), stop(b)]);
    for (const dir of dataDirs) fs.rmSync(path.join(dir, 'artifact-cache'), { recursive: true, force: true });

    const [c, d] = [await start(0), await start(1)];
    for (const server of [c, d]) {
      expect(await text(server, `/remotes/mf_invest/${first}/remoteEntry.js`)).toBe('/* first */');
      expect(await text(server, `/remotes/mf_invest/${second}/assets/routes.abc123def0.js`)).toBe('export default "second";');
    }
    await Promise.all([stop(c), stop(d)]);
  }, 120_000);

  it('takes a 40 MB release with its memory rising less than 64 MB', async () => {
    const [a, b] = [await start(0), await start(1)];
    // Four 10 MB files of random bytes (gzip cannot shrink them): 40 MB on the wire and on disk.
    const big = (marker: string) => {
      const parts = [0, 1, 2, 3].map((i) => ({ path: `assets/part${i}.bin`, body: crypto.randomBytes(10 * MB) }));
      return { parts, body: releasableBuild(marker, parts) };
    };
    // One release of the same size first: what any such upload settles into once (the upload thread's
    // code, V8's heap and buffer pools grown to their working size) is not counted as this one's.
    await release(a, big('warm-up').body);
    const { parts, body } = big('measured');
    expect(body.length).toBeGreaterThan(40 * MB);
    const before = rss(a);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(a))), 20);
    const version = await release(a, body);
    clearInterval(sampler);
    peak = Math.max(peak, rss(a));
    expect(peak - before).toBeLessThan(64 * MB);
    // Whole and exact on the other instance.
    const served = await fetch(`${b.url}/remotes/mf_invest/${version}/assets/part3.bin`);
    const digest = crypto
      .createHash('sha256')
      .update(Buffer.from(await served.arrayBuffer()))
      .digest('hex');
    expect(digest).toBe(crypto.createHash('sha256').update(parts[3]!.body).digest('hex'));
    await Promise.all([stop(a), stop(b)]);
  }, 180_000);
});
