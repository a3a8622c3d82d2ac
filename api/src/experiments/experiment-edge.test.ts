/**
 * Experiments through the shipped VCL: a visitor's arm label is part of the cache key, so visitors of
 * each arm are served their own copy of the page from the cache, always the arm the api assigned
 * them, and made-up arm labels make no objects. Skipped where varnishd is absent.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import request from 'supertest';
import { CONTENT_TOKENS, PUBLISHER_TOKEN, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { within } from '../../test/release-webhook';
import { BROWSER } from '../../test/rum-visits';
import { freePort } from '../../test/server-process';
import { testApp } from '../../test/test-app';
import { startVarnish, varnishMissing, type Varnish } from '../../test/varnish';
import { loadConfig } from '../app-config';
import type { App } from '../app';
import { blogExperimentPlan } from '../../test/experiment-plans';

const PAGE = '/blog/merchants-announcement';
const B_TITLE = 'Variant B through the cache';
const missing = varnishMissing();

let app: App;
let server: http.Server;
let varnish: Varnish;

function get(path: string, cookie?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const headers = { 'User-Agent': BROWSER, ...(cookie ? { Cookie: cookie } : {}) };
    const req = http.request({ host: '127.0.0.1', port: varnish.port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The cookies an answer set, as a Cookie header's pairs. */
const setCookies = (answer: { headers: http.IncomingHttpHeaders }) =>
  (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('='));

(missing ? describe.skip : describe)('experiments through the shipped VCL', () => {
  beforeAll(async () => {
    const port = await freePort();
    varnish = await startVarnish(port);
    const edge = loadConfig({ NODE_ENV: 'test', EDGE_PURGE: `varnish:${varnish.url}` }).edge;
    app = testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS, trustProxyHops: 1, edge });
    await app.start();
    server = http.createServer(app.koa.callback()).listen(port, '127.0.0.1');
    await once(server, 'listening');
    await within(30_000, async () => (await fetch(`${varnish.url}/api/health`).catch(() => undefined))?.status === 200);
    const api = contentApi(app.koa.callback());
    const live = (await api.get('blog/merchants-announcement').expect(200)).body.content as object;
    const saved = await api.save('blog/merchants-announcement', { ...live, title: B_TITLE }).expect(200);
    const publisher = { Authorization: `Bearer ${PUBLISHER_TOKEN}` };
    await request(app.koa.callback())
      .post('/api/experiments')
      .set(publisher)
      .send(blogExperimentPlan('edge', saved.body.latestRevision, 0.05))
      .expect(201);
    // A copy cached before the start is purged by it.
    await get(PAGE);
    await request(app.koa.callback()).post('/api/experiments/edge/start').set(publisher).expect(200);
    await within(10_000, async () => setCookies(await get(PAGE)).length > 0);
  }, 90_000);
  afterAll(async () => {
    if (missing) return;
    await varnish.stop();
    server.close();
    await app.close();
  });

  it("serves each arm's visitors their own cached copy, and made-up labels make no objects", async () => {
    const arms = new Map<string, string>();
    for (let i = 0; i < 40 && arms.size < 2; i++) {
      const first = await get(PAGE);
      const cookie = setCookies(first).join('; ');
      const arm = first.body.includes(B_TITLE) ? 'B' : 'control';
      if (!arms.has(arm)) arms.set(arm, cookie);
    }
    expect([...arms.keys()].sort()).toEqual(['B', 'control']);
    for (const [arm, cookie] of arms) {
      for (let view = 0; view < 3; view++) {
        const again = await get(PAGE, cookie);
        expect(again.body.includes(B_TITLE)).toBe(arm === 'B');
        expect(setCookies(again)).toEqual([]);
      }
      // Served by the cache itself (X-Varnish names two requests on a hit), under that arm's label.
      expect((await get(PAGE, cookie)).headers['x-varnish']).toMatch(/^\d+ \d+$/);
    }
    const before = await varnish.objects();
    for (let i = 0; i < 200; i++) {
      const junk = await get(
        PAGE,
        `${arms
          .get('B')!
          .split('; ')
          .find((p) => p.startsWith('cardlift_canary'))}; cardlift_arm=${crypto.randomBytes(11).toString('base64url')}`,
      );
      expect(junk.body).toContain(B_TITLE);
    }
    expect((await varnish.objects()) - before).toBeLessThanOrEqual(2);
  }, 120_000);
});
