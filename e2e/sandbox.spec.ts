/**
 * A section's server code holds no secret: hostile builds of mf-invest (a copy of the real build with
 * lines appended to its server build) try to read the api's environment, the database and a stored
 * lead, to start `id`, to write into the data folder and another section's build, and to connect to
 * the api's port and another local port, getting what they find out through the rendered HTML, a
 * file and a request. One that tries as it loads is refused at upload, naming what it tried; one
 * that waits until it is live renders its pages, previewed, promoted and rolled back, and gets
 * nothing: no secret in any page, nothing written, no connection made.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hostileBuild, type Targets } from './support/hostile-build';
import { releaseCli } from './support/release-cli';
import { REPO_ROOT, freePort, startSite, waitForVersion, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const SECRET = `secret-${crypto.randomBytes(8).toString('hex')}`;
const LEAD_EMAIL = `lead-${crypto.randomBytes(4).toString('hex')}@example.com`;
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;
let listener: net.Server;
let listenerPort = 0;
/** What reached the test's listener (a connection, a request). */
const received: string[] = [];

const cli = releaseCli('mf-invest', () => ({ RELEASE_TOKEN: TOKEN, RELEASES_DIR: releasesDir, DATA_DIR: site.dataDir }));

beforeAll(async () => {
  listenerPort = await freePort();
  listener = net.createServer((socket) => {
    received.push('connection');
    socket.on('data', (chunk) => received.push(chunk.toString()));
  });
  await new Promise<void>((resolve) => listener.listen(listenerPort, '127.0.0.1', resolve));
  site = await startSite({
    RELEASES_DIR: releasesDir,
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    SANDBOX_SUITE_SECRET: SECRET,
  });
  const lead = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: LEAD_EMAIL,
    jobTitle: 'CTO',
    company: 'Engines',
    businessHelp: 'customer-acquisition',
  };
  const stored = await fetch(`${site.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lead),
  });
  expect(stored.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await site?.stop();
  listener?.close();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

function targets(): Targets {
  const database = path.join(site.dataDir, 'leads.sqlite');
  return {
    databaseFiles: [database, `${database}-wal`],
    leadEmail: LEAD_EMAIL,
    writes: [
      path.join(site.dataDir, 'pwned'),
      path.join(REPO_ROOT, 'mf-marketing', 'dist', 'pwned'),
      path.join(os.tmpdir(), `cardlift-loot-${TOKEN.slice(0, 8)}`),
    ],
    ports: [site.port, listenerPort],
  };
}

/** Nothing the hostile code tried reached anything: no file written, nothing received by the listener. */
async function expectNothingGotOut(): Promise<void> {
  // A connection or a request, had one been made, would have arrived by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const file of targets().writes) expect(fs.existsSync(file)).toBe(false);
  expect(received).toEqual([]);
}

function expectNoSecret(html: string): void {
  expect(html).not.toContain(SECRET);
  expect(html).not.toContain(LEAD_EMAIL);
  expect(html).not.toMatch(/uid=\d+/);
  expect(html).not.toContain('RELEASE_TOKEN');
}

it('refuses a build whose server code tries forbidden things as it loads, naming each', async () => {
  const dir = hostileBuild(targets(), 'load');
  const result = await cli('release', ['--candidate', '--from-dir', dir, '--to', site.baseUrl]);
  const said = result.stdout + result.stderr;
  expect(result.code).not.toBe(0);
  expect(said).toContain('the server build tried to read /proc/self/environ (ERR_ACCESS_DENIED)');
  expect(said).toMatch(/tried to read \/proc\/\d+\/environ/);
  expect(said).toContain(`tried to read ${path.join(site.dataDir, 'leads.sqlite')}`);
  expect(said).toContain('tried to start a process: id (ERR_ACCESS_DENIED)');
  expect(said).toContain(`tried to write ${path.join(site.dataDir, 'pwned')}`);
  expect(said).toContain(`tried to connect to 127.0.0.1:${site.port}`);
  expect(said).toContain(`tried to connect to 127.0.0.1:${listenerPort}`);
  expectNoSecret(said);
  await expectNothingGotOut();
}, 180_000);

describe('a build that waits until it is live', () => {
  let candidate = '';
  let previous: string | undefined;

  async function hostilePage(cookie?: string): Promise<string> {
    const response = await fetch(`${site.baseUrl}/invest`, cookie ? { headers: { cookie } } : {});
    expect(response.status).toBe(200);
    return response.text();
  }

  it('is released as a candidate (its check sees an honest build), then armed', async () => {
    previous = await (
      await fetch(`${site.baseUrl}/api/remotes`)
    )
      .json()
      .then((r: { name: string; version: string }[]) => r.find((e) => e.name === 'mf_invest')?.version);
    const dir = hostileBuild(targets(), 'armed');
    const result = await cli('release', ['--candidate', '--from-dir', dir, '--to', site.baseUrl]);
    candidate = /Stored candidate mf_invest (\S+) on/.exec(result.stdout)?.[1] ?? '';
    expect(candidate).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    fs.writeFileSync(path.join(releasesDir, 'mf_invest', candidate, 'armed'), '');
  }, 180_000);

  it('previewed: the page renders, the loot holds no secret, nothing got out', async () => {
    const response = await fetch(`${site.baseUrl}/api/releases/mf_invest/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: candidate }),
    });
    expect(response.status).toBe(201);
    const link = `${site.baseUrl}${new URL(((await response.json()) as { url: string }).url).pathname}`;
    const opened = await fetch(link, { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    const html = await hostilePage(cookie);
    // The hostile code ran (its loot is in the page) and every attempt was refused.
    expect(html).toContain('data-loot');
    expect(html).toContain('environ!ERR_ACCESS_DENIED');
    expect(html).toContain('id!ERR_ACCESS_DENIED');
    expectNoSecret(html);
    await expectNothingGotOut();
  }, 60_000);

  it('promoted: every visitor gets the page, and nothing secret', async () => {
    const result = await cli('promote', ['--version', candidate, '--site', site.baseUrl]);
    expect(result.stdout).toContain(`Promoted mf_invest ${candidate}`);
    await waitForVersion(site.baseUrl, 'mf_invest', candidate);
    const html = await hostilePage();
    expect(html).toContain('data-loot');
    expectNoSecret(html);
    await expectNothingGotOut();
  }, 120_000);

  it('rolled back: the previous build is served again, and nothing got out', async () => {
    const result = await cli('rollback');
    expect(result.code).toBe(0);
    if (previous) await waitForVersion(site.baseUrl, 'mf_invest', previous);
    const html = await hostilePage();
    expect(html).not.toContain('data-loot');
    expectNoSecret(html);
    await expectNothingGotOut();
  }, 120_000);
});
