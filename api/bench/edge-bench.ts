/**
 * `npm run bench:edge`: the site behind a real Varnish (the shipped VCL) against the api alone, in
 * the same run on the same machine. Measure on an idle machine.
 * 1. Throughput and p99: the nine main pages in turn, 200 connections, 30 s, through Varnish and then
 *    straight to the api; how many page requests reached the api during the Varnish run.
 * 2. Purge to fresh at the edge: p50, p99 and max over 50 changes of each kind (a content publish, a
 *    release moving the registry), from the change's answer until Varnish serves the new page.
 * 3. TTFB of a page with an 80 ms round trip between the visitor's network and the api (a delaying
 *    proxy): straight to the api, against a hit at the edge beside the visitor.
 * The load comes from wrk where it is installed (`apt-get install -y wrk`; see wrk-load.ts for why),
 * else from autocannon, which then limits the cached run and says so.
 * Short runs: `-- --seconds=3 --connections=20 --changes=3`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../src/platform/config';
import { freePort, spawnServer, waitForReady } from '../test/server-process';
import { startVarnish, varnishMissing } from '../test/varnish';
import { contentApi } from '../test/content-api-client';
import { resultLine, type Load } from './load-result';
import { wrkInstalled, wrkLoad } from './wrk-load';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon is CommonJS without types
const autocannon = require('autocannon') as Load;

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const SECONDS = option('seconds', 30);
const CONNECTIONS = option('connections', 200);
const CHANGES = option('changes', 50);
const PAGES = [
  '/',
  '/products/card-linked-offers',
  '/solutions/retail',
  '/case-studies',
  '/case-studies/sling-tv-case-study',
  '/blog/offers-api-announcement',
  '/company/careers',
  '/company/careers/senior-backend-engineer',
  '/invest',
];
const PUBLISHER = 'edge-bench-publisher';
const RELEASER = 'edge-bench-releaser';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const BROWSER = { 'Accept-Encoding': 'br, gzip' };

/** A TCP proxy to `port` that delays each chunk by `delayMs` each way (an 80 ms round trip for 40). */
async function delayingProxy(port: number, delayMs: number): Promise<number> {
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => setTimeout(() => to.write(chunk), delayMs)).on('end', () => setTimeout(() => to.end(), delayMs));
    relay(client, upstream);
    relay(upstream, client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return (server.address() as AddressInfo).port;
}

/** An HTTP proxy to `port` counting the page requests it forwards. */
async function countingProxy(port: () => number): Promise<{ port: number; pages: () => number }> {
  let pages = 0;
  const server = http.createServer((req, res) => {
    if (PAGES.includes(req.url ?? '')) pages++;
    const upstream = http.request(
      { host: '127.0.0.1', port: port(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { port: (server.address() as AddressInfo).port, pages: () => pages };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const summary = (values: number[]) =>
  `p50 ${percentile(values, 0.5).toFixed(0)} ms  p99 ${percentile(values, 0.99).toFixed(0)} ms  max ${Math.max(...values).toFixed(0)} ms`;

async function timeToFresh(url: string, fresh: (body: string) => boolean): Promise<number> {
  const started = performance.now();
  while (!fresh(await (await fetch(url, { headers: BROWSER })).text())) {
    if (performance.now() - started > 30_000) throw new Error(`${url} not fresh after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

/**
 * Milliseconds until the api answers promptly again and Varnish's probe calls it healthy: a page at
 * the origin within 50 ms, then /api/health through Varnish (which answers "origin down" while the
 * probe says sick), three times running, at most 60 s. The origin run leaves the probe failing for a
 * second or two (its timeout is 1 s); a page purged meanwhile is not fetched until it recovers.
 */
async function originSettled(origin: string, edge: string): Promise<number> {
  const started = performance.now();
  for (let prompt = 0; prompt < 3 && performance.now() - started < 60_000;) {
    const asked = performance.now();
    await fetch(`${origin}/invest`, { headers: BROWSER }).then((r) => r.text());
    const healthy = (await fetch(`${edge}/api/health`).then((r) => (r.body?.cancel(), r.ok))) && performance.now() - asked < 50;
    prompt = healthy ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Math.round(performance.now() - started);
}

async function ttfb(url: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) =>
    http.get(url, { headers: BROWSER }, (res) => res.once('data', () => (resolve(), res.resume()))).on('error', reject),
  );
  return performance.now() - started;
}

/** Two copies of mf-company's build, stored as releases to move the registry between. */
function storeTwoReleases(env: Record<string, string>): string[] {
  return ['a', 'b'].map((label) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-bench-build-'));
    fs.cpSync(path.join(REPO_ROOT, 'mf-company', 'dist'), dir, { recursive: true });
    fs.appendFileSync(path.join(dir, 'remoteEntry.js'), `\n// ${label}\n`);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dir, `remoteEntry.js${suffix}`), { force: true });
    const out = execFileSync('npm', ['run', 'release', '--silent', '-w', 'mf-company', '--', '--from-dir', dir], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    return /Released mf_company (\S+);/.exec(out)![1]!;
  });
}

async function main(): Promise<void> {
  const missing = varnishMissing();
  if (missing) throw new Error(missing);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-bench-'));
  const releasesDir = path.join(dataDir, 'releases');
  let apiPort = 0;
  const counter = await countingProxy(() => apiPort);
  const varnish = await startVarnish(counter.port);
  const env = { DATA_DIR: dataDir, RELEASES_DIR: releasesDir };
  const versions = storeTwoReleases(env);
  apiPort = await freePort();
  const api = spawnServer(
    {
      ...env,
      EDGE_PURGE: `varnish:${varnish.url}`,
      TRUST_PROXY_HOPS: '1',
      CONTENT_TOKEN_PUBLISHER: `${sha256(PUBLISHER)}:publisher`,
      RELEASE_TOKEN_MF_COMPANY: sha256(RELEASER),
      RUM_SAMPLE_RATE: '0',
    },
    apiPort,
  );
  try {
    await waitForReady(`${api.url}/api/health`, api.child);
    for (let i = 0; i < 600 && (await fetch(`${varnish.url}/api/health`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    for (const page of PAGES) for (let i = 0; i < 3; i++) await fetch(`${varnish.url}${page}`, { headers: BROWSER }).then((r) => r.text());

    const generator = wrkInstalled() ? 'wrk' : 'autocannon (install wrk: autocannon limits the cached run)';
    console.log(`1. Nine pages, ${CONNECTIONS} connections, ${SECONDS} s each, load from ${generator}`);
    const load = async (origin: string) =>
      wrkInstalled()
        ? wrkLoad({ origin, paths: PAGES, headers: BROWSER, connections: CONNECTIONS, seconds: SECONDS })
        : autocannon({
            url: origin,
            connections: CONNECTIONS,
            duration: SECONDS,
            requests: PAGES.map((p) => ({ method: 'GET', path: p, headers: BROWSER })),
          });
    const before = counter.pages();
    const edge = await load(varnish.url);
    const reached = counter.pages() - before;
    const origin = await load(api.url);
    console.log(resultLine('through Varnish', edge));
    console.log(resultLine('straight to the api', origin));
    const total = edge.requests.average * SECONDS;
    console.log(
      `  ratio ${(edge.requests.average / origin.requests.average).toFixed(1)}x (goal >= 10x); page requests reaching the api through Varnish: ${reached} of about ${total.toFixed(0)} (${((100 * reached) / total).toFixed(3)} %, goal < 1 %)`,
    );

    // Purges are timed against a live origin: not while the api drains the requests the origin run
    // left queued, nor while Varnish's probe still calls it sick (see originSettled).
    const settled = await originSettled(api.url, varnish.url);
    console.log(`2. Purge to fresh at the edge, ${CHANGES} changes of each kind (origin settled ${settled} ms after the load)`);
    // Each write names the revision it is based on, as the content API asks of every write.
    const content = contentApi(api.url, PUBLISHER);
    const post = (await (await fetch(`${api.url}/api/blog/offers-api-announcement`)).json()) as object;
    const publishes: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const title = `Offers API ${crypto.randomUUID()}`;
      const saved = await content.save('blog/offers-api-announcement', { ...post, title });
      const published = await content.publish('blog/offers-api-announcement');
      for (const answer of [saved, published]) {
        if (answer.status >= 300) throw new Error(`content write: ${answer.status} ${answer.text}`);
      }
      publishes.push(await timeToFresh(`${varnish.url}/blog/offers-api-announcement`, (body) => body.includes(title)));
    }
    console.log(`  content publish      ${summary(publishes)}`);
    const moves: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const version = versions[i % 2]!;
      const answer = await fetch(`${api.url}/api/releases/mf_company/promote`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${RELEASER}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ version }),
      });
      if (!answer.ok) throw new Error(`promote ${version}: ${answer.status} ${await answer.text()}`);
      moves.push(await timeToFresh(`${varnish.url}/company/about-us`, (body) => body.includes(`/remotes/mf_company/${version}/`)));
    }
    console.log(`  release (promote)    ${summary(moves)}`);

    console.log('3. TTFB of /invest with an 80 ms round trip to the api');
    const far = await delayingProxy(apiPort, 40);
    const direct: number[] = [];
    const hits: number[] = [];
    for (let i = 0; i < 30; i++) direct.push(await ttfb(`http://127.0.0.1:${far}/invest`));
    for (let i = 0; i < 30; i++) hits.push(await ttfb(`${varnish.url}/invest`));
    console.log(`  straight to the api  ${summary(direct)}`);
    console.log(`  a hit at the edge    ${summary(hits)}`);
  } finally {
    api.child.kill('SIGTERM');
    await api.exited();
    await varnish.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
