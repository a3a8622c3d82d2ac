/**
 * What an experiment costs a page, on the fixture site, in one run: time to first byte at the origin
 * and through Varnish running the shipped VCL (a cache hit per arm), HTML characters, and the bytes of
 * the scripts the page loads, for the same post with no experiment, in the control arm and in the
 * variant arm. Median of 3 rounds of 100 requests each, over one kept-alive connection, between two
 * readings of Lighthouse's benchmarkIndex. Without varnishd, the edge column says so. The variant
 * only adds " B" to the post's title, so the HTML columns differ by what the experiment itself adds.
 *   npx tsx api/bench/experiment-cost.ts            (fixture site)
 *   npx tsx api/bench/experiment-cost.ts --built    (the built site, after `npm run build`)
 */
import http from 'node:http';
import { once } from 'node:events';
import request from 'supertest';
import { CONTENT_TOKENS, PUBLISHER_TOKEN, contentApi } from '../test/content-api-client';
import { writeFixtureSite } from '../test/fixture-builds';
import { BROWSER } from '../test/rum-visits';
import { freePort } from '../test/server-process';
import { testApp } from '../test/test-app';
import { startVarnish, varnishMissing, type Varnish } from '../test/varnish';
import { loadConfig } from '../src/app-config';
import { REPO_ROOT } from '../src/platform/config';
import { median, printBenchmarkIndex } from './render/process-figures';

const PAGE = '/blog/merchants-announcement';
const ROUNDS = 3;
const PER_ROUND = 100;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: milliseconds to the answer's first byte (its headers), and its body. */
function timedGet(port: number, path: string, cookie?: string): Promise<{ ttfbMs: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { 'User-Agent': BROWSER, ...(cookie ? { Cookie: cookie } : {}) };
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const ttfbMs = performance.now() - started;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ ttfbMs, body, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Median over rounds of the mean time to first byte, and the HTML of the last answer. */
async function measure(port: number, cookie?: string): Promise<{ ms: number; html: string }> {
  const rounds: number[] = [];
  let html = '';
  await timedGet(port, PAGE, cookie); // fills the cache, warms the connection
  for (let round = 0; round < ROUNDS; round++) {
    let total = 0;
    for (let i = 0; i < PER_ROUND; i++) {
      const answer = await timedGet(port, PAGE, cookie);
      total += answer.ttfbMs;
      html = answer.body;
    }
    rounds.push(total / PER_ROUND);
  }
  return { ms: median(rounds), html };
}

/** Characters of the page's inline scripts (its code and its boot data), and the script files it names. */
function scriptsOf(html: string): { inline: number; files: string } {
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1]!.length, 0);
  const files = [...new Set([...html.matchAll(/\/(?:remotes|assets)\/[^"'\s)]+\.js/g)].map((m) => m[0]))].sort().join(' ');
  return { inline, files };
}

async function main() {
  printBenchmarkIndex('before');
  const port = await freePort();
  const missing = varnishMissing();
  const varnish: Varnish | undefined = missing ? undefined : await startVarnish(port);
  const edge = varnish ? loadConfig({ NODE_ENV: 'test', EDGE_PURGE: `varnish:${varnish.url}` }).edge : undefined;
  const siteRoot = process.argv.includes('--built') ? REPO_ROOT : writeFixtureSite();
  const app = testApp({ siteRoot, contentTokens: CONTENT_TOKENS, trustProxyHops: 1, ...(edge ? { edge } : {}) });
  await app.start();
  await app.warm();
  const server = http.createServer(app.koa.callback()).listen(port, '127.0.0.1');
  await once(server, 'listening');
  if (varnish)
    for (let i = 0; i < 300 && (await fetch(`${varnish.url}/api/health`).catch(() => undefined))?.status !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));

  const figures = async (cookie?: string) => {
    const origin = await measure(port, cookie);
    const cached = varnish ? await measure(varnish.port, cookie) : undefined;
    return { origin: origin.ms, edge: cached?.ms, html: origin.html.length, ...scriptsOf(origin.html) };
  };
  await measure(port); // the first renders of a started app are slower: not the experiment's cost
  const none = await figures();

  const callback = app.koa.callback();
  const api = contentApi(callback);
  const live = (await api.get('blog/merchants-announcement')).body.content as { title: string };
  const bTitle = `${live.title} B`;
  const saved = await api.save('blog/merchants-announcement', { ...live, title: bTitle });
  const publisher = { Authorization: `Bearer ${PUBLISHER_TOKEN}` };
  await request(callback)
    .post('/api/experiments')
    .set(publisher)
    .send({ id: 'cost', kind: 'blog', itemId: 'merchants-announcement', variants: [{ name: 'B', revision: saved.body.latestRevision }] })
    .send({ baselineRate: 0.05, minimumLift: 0.2, plannedDays: 14 });
  await request(callback).post('/api/experiments/cost/start').set(publisher);
  // The start's purge reaches the cache a moment after the answer.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const cookies: Record<string, string> = {};
  for (let i = 0; i < 40 && Object.keys(cookies).length < 2; i++) {
    const first = await timedGet(port, PAGE);
    cookies[first.body.includes(bTitle) ? 'B' : 'control'] ??= first.setCookie.map((line) => line.split(';')[0]).join('; ');
  }
  const control = await figures(cookies.control);
  const variant = await figures(cookies.B);

  console.log(`${PAGE}: time to first byte (mean per request, median of ${ROUNDS} x ${PER_ROUND}), HTML characters,`);
  console.log('inline script characters, and whether the page names the same script files as with no experiment');
  console.log(
    `  ${'arm'.padEnd(14)} ${'origin'.padStart(9)} ${'edge hit'.padStart(9)} ${'HTML'.padStart(7)} ${'inline'.padStart(7)}  files`,
  );
  for (const [name, f] of Object.entries({ 'no experiment': none, 'control arm': control, 'variant arm': variant }))
    console.log(
      `  ${name.padEnd(14)} ${`${f.origin.toFixed(2)} ms`.padStart(9)} ${(f.edge === undefined ? 'n/a' : `${f.edge.toFixed(2)} ms`).padStart(9)} ${String(f.html).padStart(7)} ${String(f.inline).padStart(7)}  ${f.files === none.files ? 'same' : 'DIFFERENT'} (${f.files.split(' ').filter(Boolean).length})`,
    );
  if (missing) console.log(`  edge: ${missing}`);
  server.close();
  await varnish?.stop();
  await app.close();
  agent.destroy();
  printBenchmarkIndex('after');
}

void main();
