/**
 * Whatever senders name, what the api keeps and shows is bounded by its registry: ten thousand
 * reports naming made-up versions leave /metrics, the health JSON, its timeline and the health page
 * the size they were, and the data folder all but unchanged; and a /metrics scrape never holds up
 * the api (its health answers within 50 ms while scrapes run).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import request from 'supertest';
import { RUM_PATH } from '@cardlift/contracts';
import { createApp, type App } from '../app';
import { releaseContext } from '../releases/release-context';
import { releaseBuild } from '../releases/release-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../releases/test-fixtures';
import { BROWSER, honestReport, visitors } from '../../test/rum-visits';

const RELEASE_TOKEN = 'invest-token';
const METRICS_TOKEN = 'metrics-token';
let app: App;
let server: ReturnType<App['koa']['callback']>;
let dataDir: string;
let current: string;

beforeAll(async () => {
  const config = checkoutConfig(tempCheckout(), RELEASE_TOKEN, {
    TRUST_PROXY_HOPS: '1',
    RUM_RATE_LIMIT: '0',
    METRICS_TOKEN: crypto.createHash('sha256').update(METRICS_TOKEN).digest('hex'),
  });
  dataDir = config.dataDir;
  app = createApp({ config });
  await app.start();
  const context = releaseContext(config, await app.registryStore());
  current = (await releaseBuild(context, { actor: 'cli', remote: 'mf_invest', buildDir: fixtureBuild('v1') })).version;
  await app.registry.refresh();
  server = app.koa.callback();
  await visitors(app, { versions: { mf_invest: current }, count: 20, clients: 5 });
}, 30_000);
afterAll(() => app.close());

const scrape = () => request(server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
const asRelease = (url: string) => request(server).get(url).set('Authorization', `Bearer ${RELEASE_TOKEN}`);
const healthPage = () =>
  request(server)
    .post('/releases/health')
    .type('form')
    .set('Origin', 'https://www.cardlift.example')
    .send({ remote: 'mf_invest', token: RELEASE_TOKEN, hours: '24' });

// Everything but the clock runs for real while sizes are read.
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * The size of every answer a person or Prometheus reads, and of the data folder, read at the clock
 * time `at`: the health page draws its chart on a 24-hour axis that ends now, so two reads a minute
 * apart place their points (and write their coordinates) differently.
 */
async function sizes(at: number) {
  jest.useFakeTimers({ now: at, doNotFake: [...REAL_TIMERS] });
  try {
    return await sizesNow();
  } finally {
    jest.useRealTimers();
  }
}

async function sizesNow() {
  await app.rum.flush();
  const folder = fs.readdirSync(dataDir).reduce((sum, file) => sum + fs.statSync(path.join(dataDir, file)).size, 0);
  return {
    metrics: (await scrape()).text.length,
    // Each of the site's samples by name and labels, without its value (Node's own come and go with its GC).
    series: new Set(
      (await scrape()).text
        .split('\n')
        .filter((line) => line.startsWith('cardlift_'))
        .map((line) => line.slice(0, line.lastIndexOf(' '))),
    ),
    health: JSON.stringify((await asRelease('/api/releases/mf_invest/health')).body).length,
    timeline: JSON.stringify((await asRelease('/api/releases/mf_invest/health/timeline')).body).length,
    page: (await healthPage()).text.length,
    folder,
  };
}

describe('what forged versions cannot grow', () => {
  it('ten thousand reports naming made-up versions change no answer and barely the data folder', async () => {
    const at = Date.now();
    await sizes(at); // every kind of request once, so each series exists before the sizes are taken
    const before = await sizes(at);
    const honest = await honestReport(app, { versions: { mf_invest: current } });
    const { view, ...unsigned } = honest;
    expect(view).toBeTruthy();
    // One server, kept-alive connections: ten thousand requests as a browser population sends them.
    const listening = http.createServer(server).listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}${RUM_PATH}`;
    try {
      for (let batch = 0; batch < 100; batch++) {
        await Promise.all(
          Array.from({ length: 100 }, async (_, i) => {
            const made = `6.6.${batch}-${i}`;
            // Most without a token; some with a real token but other versions named.
            const report =
              i % 10 === 0 ? { ...honest, versions: { mf_invest: made } } : { ...unsigned, versions: { mf_invest: made, shell: made } };
            const headers = { 'User-Agent': BROWSER, 'X-Forwarded-For': `203.0.${batch}.${i}`, 'Content-Type': 'text/plain;charset=UTF-8' };
            const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify(report) });
            expect(answer.status).toBe(204);
          }),
        );
      }
    } finally {
      listening.close();
    }
    const after = await sizes(at);
    expect(after.health).toBe(before.health);
    expect(after.timeline).toBe(before.timeline);
    expect(after.page).toBe(before.page);
    // The same series: only counters' values grew (ten thousand requests answered, reports refused).
    expect([...after.series].filter((series) => !before.series.has(series))).toEqual([]);
    expect(after.metrics - before.metrics).toBeLessThan(2048);
    expect(after.folder - before.folder).toBeLessThan(1024 * 1024);
    expect((await scrape()).text).not.toMatch(/6\.6\.\d+-\d+/);
  }, 180_000);

  it('answers its health check within 50 ms while /metrics is scraped', async () => {
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      const scraping = scrape();
      const started = performance.now();
      await request(server).get('/api/health').expect(200);
      timings.push(performance.now() - started);
      await scraping;
    }
    // A busy machine may delay one answer for reasons of its own; a scrape that held the event loop delays them all.
    expect(timings.filter((ms) => ms < 50).length).toBeGreaterThanOrEqual(8);
  });
});
