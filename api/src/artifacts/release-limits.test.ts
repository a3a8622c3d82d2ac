/**
 * Hostile release uploads against the real api process: each is refused with a clear message,
 * nothing is stored, and the api keeps answering (GET /api/health polled throughout, every answer a
 * 200). How quickly it answers meanwhile is a figure of the machine: printed here and by
 * `npm run bench:release-limits -w @cardlift/api`, never asserted. The limits are lowered here so the bombs stay small and the suite fast. A
 * process of its own, so the test's own work (building the bombs) is not counted against the api.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startServer, type ServerProcess } from '../../test/server-process';
import { tempCheckout } from '../releases/test-fixtures';
import {
  bigFileBomb,
  hugeTrailingBomb,
  manyBigFilesBomb,
  manyFilesBomb,
  paddedBuild,
  pollHealth,
  trailingZerosBomb,
} from '../../test/release-bombs';

const TOKEN = 'invest-token';
const MB = 1024 * 1024;
const checkout = tempCheckout();
const releasesDir = checkout.releasesDir;
const incoming = path.join(releasesDir, '.incoming');

const servers: ServerProcess[] = [];

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    RELEASES_DIR: releasesDir,
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    ...env,
  });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited();
  }
}, 20_000);

const upload = (url: string, body: Buffer) =>
  fetch(`${url}/api/releases/mf_invest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${TOKEN}` },
    body: new Uint8Array(body),
  });

/** Every folder under the releases, dot folders included: what an upload may have left. */
function stored(): string[] {
  const list = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true })
          .map(String)
          .filter((p) => !p.startsWith('.incoming'))
      : [];
  return [...list(releasesDir), ...(fs.existsSync(incoming) ? fs.readdirSync(incoming) : [])];
}

const measured: string[] = [];

/** Sends `body` while polling /api/health: refused as said, nothing stored, health answering throughout. */
async function expectRefused(api: ServerProcess, label: string, body: Buffer, status: number, message: RegExp): Promise<Response> {
  const before = stored();
  const stop = pollHealth(api.url);
  const started = performance.now();
  const res = await upload(api.url, body);
  const refusedMs = performance.now() - started;
  // Rejects when any health check during the upload failed: the api kept answering.
  const slowestHealth = await stop();
  measured.push(
    `  ${label}: ${body.length} bytes sent, ${res.status} in ${Math.round(refusedMs)} ms, health at worst ${Math.round(slowestHealth)} ms`,
  );
  expect(res.status).toBe(status);
  expect(((await res.json()) as { error: string }).error).toMatch(message);
  expect(stored()).toEqual(before);
  expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  return res;
}
afterAll(() => console.log(`release limits, measured:\n${measured.join('\n')}`));

describe('release uploads over a limit', () => {
  let api: ServerProcess;
  beforeAll(async () => {
    // Stored releases of mf_invest before the bombs: 60 KB of the 64 KB quota.
    const old = path.join(releasesDir, 'mf_invest', '1.0.0-0123456789');
    fs.mkdirSync(old, { recursive: true });
    fs.writeFileSync(path.join(old, 'old.bin'), Buffer.alloc(60 * 1024));
    api = await start({
      RELEASE_MAX_BYTES: String(10 * MB),
      RELEASE_MAX_UNPACKED_BYTES: String(8 * MB),
      RELEASE_MAX_FILES: '200',
      RELEASE_MAX_FILE_BYTES: String(2 * MB),
      RELEASE_QUOTA_BYTES: String(64 * 1024),
    });
  }, 30_000);

  it.each([
    ['20 MB of zeros after the end of the tar', () => trailingZerosBomb(20), 400, /carries data after its end/],
    ['2 GB of zeros after the end, in gzip members', () => hugeTrailingBomb(2), 400, /carries data after its end/],
    ['more files than allowed', () => manyFilesBomb(250), 413, /holds more than 200 files \(RELEASE_MAX_FILES\)/],
    [
      'one file over its limit',
      () => bigFileBomb(2 * MB + 1),
      413,
      /assets\/big\.bin is 2097153 bytes, over the limit of 2097152 for one file/,
    ],
    [
      'more unpacked bytes than allowed',
      () => manyBigFilesBomb(5, 1.9 * MB),
      413,
      /more than 8388608 bytes \(RELEASE_MAX_UNPACKED_BYTES\)/,
    ],
    ['a remote over its storage quota', () => paddedBuild('quota', 8 * 1024), 413, /would pass its storage quota of 65536 bytes/],
  ])('refuses %s, stores nothing and keeps answering', (label, bomb, status, message) =>
    expectRefused(api, label, bomb(), status, message),
  );
});

describe('release uploads that take too long', () => {
  // 100k tiny files in a 1 MB upload: several seconds of unpacking and hashing when allowed.
  const bomb = manyFilesBomb(100_000);
  const limits = { RELEASE_MAX_FILES: '200000', RELEASE_MAX_UNPACKED_BYTES: String(200 * MB) };

  let deadline: ServerProcess;
  let patient: ServerProcess;
  beforeAll(async () => {
    [deadline, patient] = await Promise.all([
      start({ ...limits, RELEASE_UNPACK_TIMEOUT_MS: '1000' }),
      start({ ...limits, RELEASE_UNPACK_TIMEOUT_MS: '60000' }),
    ]);
  }, 30_000);

  // Within the limits on files and bytes, running out of time means the machine was busy: not 413.
  it('abandons the work at the deadline, removing its files, and says busy: 503 with Retry-After', async () => {
    const res = await expectRefused(
      deadline,
      '100k files past a 1 s deadline',
      bomb,
      503,
      /busy: unpacking and hashing the upload took longer than 1000 ms \(RELEASE_UNPACK_TIMEOUT_MS\)/,
    );
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stops when the client goes away, removing its files', async () => {
    const before = stored();
    const { port } = patient;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/releases/mf_invest',
      headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${TOKEN}`, 'Content-Length': bomb.length },
    });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.end(bomb, resolve));
    // The unpacking has begun once its folder fills up; then the client leaves.
    await until(
      () => fs.existsSync(incoming) && fs.readdirSync(incoming).some((id) => fs.existsSync(path.join(incoming, id, 'build', 'assets'))),
    );
    const left = performance.now();
    req.destroy();
    await until(() => fs.readdirSync(incoming).length === 0);
    const cleanedMs = performance.now() - left;
    measured.push(`  100k files, client gone mid-unpack: work folder removed ${Math.round(cleanedMs)} ms after it left`);
    expect(stored()).toEqual(before);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
