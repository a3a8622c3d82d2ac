/**
 * The shipped VCL in front of a real api, asked what an outsider asks: its own X-Forwarded-* headers,
 * junk or made-up canary side labels, random Host headers. Nothing of that is believed, and none of
 * it makes objects: the cache's key stays the site's. Skipped where varnishd is absent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import request from 'supertest';
import { RUM_VIEW_PATH } from '@cardlift/contracts';
import { createApp, type App } from '../app';
import { REPO_ROOT } from '../platform/config';
import { contactSubmission } from '../../test/contact-submission';
import { within } from '../../test/release-webhook';
import { freePort } from '../../test/server-process';
import { startVarnish, varnishMissing, type Varnish } from '../../test/varnish';
import { releaseContext } from '../releases/release-context';
import { releaseBuild } from '../releases/release-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../releases/test-fixtures';

const TOKEN = 'invest-token';
const remote = 'mf_invest' as const;
const missing = varnishMissing();
const describeWithVarnish = missing ? describe.skip : describe;

let app: App;
let server: http.Server;
let varnish: Varnish;
let canary: string;

/** A request through the cache as any client can send it (a Host of its choosing included). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: varnish.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cookies = (answer: { headers: http.IncomingHttpHeaders }) => answer.headers['set-cookie'] ?? [];
const servedVersion = (answer: { body: string }) =>
  (JSON.parse(answer.body) as { name: string; version: string }[]).find((entry) => entry.name === remote)?.version;

beforeAll(async () => {
  if (missing) return;
  // The cache first, so the api purges it on every move (a canary's start included).
  const port = await freePort();
  varnish = await startVarnish(port);
  const config = checkoutConfig(tempCheckout(), TOKEN, {
    TRUST_PROXY_HOPS: '1',
    CONTACT_RATE_LIMIT: '2',
    CANARY_STEPS_MF_INVEST: 'manual',
    EDGE_PURGE: `varnish:${varnish.url}`,
  });
  app = createApp({ config });
  await app.start();
  const context = releaseContext(config, await app.registryStore());
  await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild('v1') });
  canary = (await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild('v2'), candidate: true })).version;
  await app.registry.refresh();
  server = http.createServer(app.koa.callback()).listen(port, '127.0.0.1');
  await once(server, 'listening');
  // The cache's probe found no api while it started: it serves nothing until the probe says healthy.
  await within(30_000, async () => (await fetch(`${varnish.url}/api/health`).catch(() => undefined))?.status === 200);
}, 60_000);
afterAll(async () => {
  if (missing) return;
  await varnish.stop();
  server.close();
  await app.close();
});

describeWithVarnish('what a client says of itself, through the shipped VCL', () => {
  it('its own X-Forwarded-For is not a new client, and its own X-Forwarded-Host with a matching Origin is not the site', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const body = JSON.stringify(contactSubmission({ email: `ada${i}@example.com` }));
      const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}` };
      statuses.push((await get('/api/contact', headers, 'POST', body)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const sameSite = { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'text/plain' };
    const answer = await get(RUM_VIEW_PATH, sameSite, 'POST', '{}');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'cross_site' });
  });
});

describeWithVarnish('the cache key, while no canary runs', () => {
  it('400 junk side labels, 400 random hosts and 400 random builds make at most a handful of objects', async () => {
    await get('/api/remotes');
    const before = await varnish.objects();
    for (let i = 0; i < 400; i++) {
      const junk = await get('/api/remotes', { Cookie: `cardlift_side=${crypto.randomBytes(8).toString('hex')}` });
      expect(junk.status).toBe(200);
      expect(await get('/api/remotes', { Host: `x${i}.evil.example` }).then((a) => a.status)).toBe(200);
      const builds = await get(`/api/navigation?builds=mf_invest%40${crypto.randomBytes(6).toString('hex')}`);
      expect(builds.status).toBe(404);
    }
    expect((await varnish.objects()) - before).toBeLessThanOrEqual(3);
  }, 120_000);
});

describeWithVarnish('the cache key, while a canary runs', () => {
  let visitorOnCanary: string;
  let labelOnCanary: string;

  beforeAll(async () => {
    const promoted = await request(app.koa.callback())
      .post(`/api/releases/${remote}/promote`)
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ version: canary, share: 50 });
    expect(promoted.status).toBe(200);
    await app.registry.refresh();
    // The move's purge reaches the cache within moments: until then it answers its kept copy.
    await within(10_000, async () => cookies(await get('/api/remotes')).length > 0);
    for (let i = 0; i < 40 && !visitorOnCanary; i++) {
      const first = await get('/api/remotes', { 'X-Forwarded-Proto': 'https' });
      if (servedVersion(first) !== canary) continue;
      visitorOnCanary = /cardlift_canary=([^;]+)/.exec(cookies(first).join('\n'))![1]!;
      labelOnCanary = /cardlift_side=([^;]+)/.exec(cookies(first).join('\n'))![1]!;
    }
    // Cached under the canary side's label.
    await get('/api/remotes', { Cookie: `cardlift_canary=${visitorOnCanary}; cardlift_side=${labelOnCanary}` });
  }, 60_000);

  it('its own X-Forwarded-Proto does not make the cookies Secure over plain http', async () => {
    const answer = await get('/api/remotes', { 'X-Forwarded-Proto': 'https' });
    expect(cookies(answer).length).toBeGreaterThan(0);
    for (const cookie of cookies(answer)) expect(cookie.toLowerCase()).not.toContain('secure');
  });

  it('a side label computed from what is public is not honoured: the visitor gets their own side', async () => {
    // What the label was before it was signed: a digest of the canary's public description.
    const madeUp = crypto.createHash('sha256').update(`${remote}@${canary}:50:canary`).digest('base64url').slice(0, 16);
    for (const label of [madeUp, labelOnCanary.slice(0, -1) + (labelOnCanary.endsWith('A') ? 'B' : 'A')]) {
      const answer = await get('/api/remotes', { Cookie: `cardlift_side=${label}` });
      expect(answer.headers['x-cache']).toBe('MISS');
      expect(cookies(answer).join('\n')).toMatch(/cardlift_side=(?!;)/);
    }
  });

  it('400 junk side labels make at most a handful of objects', async () => {
    const before = await varnish.objects();
    for (let i = 0; i < 400; i++) {
      const junk = await get('/api/remotes', {
        Cookie: `cardlift_canary=${visitorOnCanary}; cardlift_side=${crypto.randomBytes(11).toString('base64url')}`,
      });
      expect(servedVersion(junk)).toBe(canary);
    }
    expect((await varnish.objects()) - before).toBeLessThanOrEqual(3);
  }, 120_000);
});

describeWithVarnish('a checkout in a private folder', () => {
  it('runs the shipped VCL though varnishd, as its own user, cannot read the checkout', async () => {
    // A home folder is 0700: the VCL files under it are out of varnishd's reach.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-home-'));
    fs.chmodSync(home, 0o700);
    const vclDir = path.join(home, 'checkout', 'deploy', 'varnish');
    fs.mkdirSync(vclDir, { recursive: true });
    for (const file of fs.readdirSync(path.join(REPO_ROOT, 'deploy', 'varnish')))
      fs.copyFileSync(path.join(REPO_ROOT, 'deploy', 'varnish', file), path.join(vclDir, file));
    const privateCache = await startVarnish((server.address() as AddressInfo).port, undefined, vclDir);
    try {
      const answer = await fetch(`${privateCache.url}/api/health`);
      expect(answer.headers.get('x-varnish')).toBeTruthy();
    } finally {
      await privateCache.stop();
    }
  }, 60_000);
});
