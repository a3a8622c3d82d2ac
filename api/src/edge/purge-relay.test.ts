/**
 * The purge relay and its caches, against local HTTP servers that check each provider's documented
 * request (method, path, auth, where the tags go) and refuse anything else: a registry move's purge
 * reaches Varnish, Fastly and Cloudflare once across two relays (two instances), in its passes; a
 * cache that is down is asked again, alone, until it takes it; the backlog is what /metrics shows.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describeEachDatabase, twoInstances } from '../../test/databases';
import { purgedRegistryOn, type PurgedRegistry } from '../script-stores';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { edgeConfig } from './edge-config';
import { CONFIRM_AFTER_MS, nextPassAt, PurgeRelay, WARMED_AFTER_MS } from './purge-relay';
import { purgeTarget } from './purge-targets';

const silent = pino({ level: 'silent' });
const fast = { pollMs: 20, baseDelayMs: 20, maxDelayMs: 50 };
const FASTLY_TOKEN = 'fastly-token-for-tests';
const CLOUDFLARE_TOKEN = 'cloudflare-token-for-tests';

interface Received {
  provider: 'varnish' | 'fastly' | 'cloudflare';
  tags: string[];
  soft: boolean;
}

/** One server playing the three providers' purge endpoints, each checked against its documentation. */
async function providers() {
  const received: Received[] = [];
  const refusals: string[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const refuse = (why: string) => {
        refusals.push(why);
        res.writeHead(400).end(why);
      };
      if (down) return res.destroy();
      if (req.url === '/' && req.method === 'PURGE') {
        const hard = req.headers['xkey-purge'];
        const soft = req.headers['xkey-softpurge'];
        if (!hard && !soft) return refuse('varnish: no xkey-purge or xkey-softpurge header');
        received.push({ provider: 'varnish', tags: String(hard ?? soft).split(' '), soft: Boolean(soft) });
        return res.writeHead(200).end('Purged');
      }
      if (req.url === '/service/svc123/purge') {
        if (req.method !== 'POST') return refuse('fastly: not POST');
        if (req.headers['fastly-key'] !== FASTLY_TOKEN)
          return res.writeHead(401).end('{"msg":"Provided credentials are missing or invalid"}');
        const keys = String(req.headers['surrogate-key'] ?? '')
          .split(' ')
          .filter(Boolean);
        if (keys.length === 0 || keys.length > 256) return refuse('fastly: 1 to 256 keys in Surrogate-Key');
        received.push({ provider: 'fastly', tags: keys, soft: req.headers['fastly-soft-purge'] === '1' });
        return res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(Object.fromEntries(keys.map((k) => [k, 'id']))));
      }
      if (req.url === '/client/v4/zones/zone456/purge_cache') {
        if (req.method !== 'POST') return refuse('cloudflare: not POST');
        if (req.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`)
          return res.writeHead(403).end('{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}');
        if (!String(req.headers['content-type']).startsWith('application/json')) return refuse('cloudflare: not JSON');
        const { tags } = JSON.parse(body) as { tags?: string[] };
        if (!Array.isArray(tags) || tags.length === 0 || tags.length > 30) return refuse('cloudflare: 1 to 30 tags');
        received.push({ provider: 'cloudflare', tags, soft: false });
        return res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end('{"success":true,"errors":[],"messages":[],"result":{"id":"p1"}}');
      }
      refuse(`nobody answers ${req.method} ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    refusals,
    setDown: (value: boolean) => (down = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const release = (store: PurgedRegistry, version: string, expectedRevision: number) =>
  store.commit({
    remote: 'mf_invest',
    expectedRevision,
    current: version,
    // The current version is always a stored release (the store's invariants).
    upsert: [
      {
        remote: 'mf_invest',
        version,
        state: 'released',
        position: expectedRevision + 1,
        createdAt: new Date().toISOString(),
        createdBy: 'cli',
        gitSha: null,
        rolledBackAt: null,
      },
    ],
    events: [
      { remote: 'mf_invest', action: 'release', version, fromVersion: null, actor: 'cli', gitSha: null, at: new Date().toISOString() },
    ],
  });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase('edge purges', 'purges_test', (database) => {
  let stores: [PurgedRegistry, PurgedRegistry];
  let server: Awaited<ReturnType<typeof providers>>;
  let relays: PurgeRelay[] = [];
  beforeEach(async () => {
    ({ stores } = await twoInstances(database, purgedRegistryOn));
    server = await providers();
    const config = edgeConfig({
      EDGE_PURGE: `varnish:${server.base}/,fastly:svc123,cloudflare:zone456`,
      FASTLY_API_TOKEN: FASTLY_TOKEN,
      FASTLY_API_URL: server.base,
      CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
      CLOUDFLARE_API_URL: `${server.base}/client/v4`,
    });
    const targets = config.targets.map(purgeTarget);
    relays = stores.map(
      (store) => new PurgeRelay({ store: async () => store.purges, targets, logger: silent, follow: async () => undefined }, fast),
    );
  });
  afterEach(async () => {
    for (const relay of relays) await relay.stop();
    for (const store of stores) await store.close();
    await server.close();
  });

  it('sends a release to every cache in its documented shape, once across two instances per pass', async () => {
    await release(stores[0], '1.0.0-aaaaaaaaaa', 0);
    for (const relay of relays) relay.start();
    // Five calls a pass (Varnish and Fastly: one hard, one soft; Cloudflare: one); the second pass
    // waits for every instance to follow the change.
    await until(() => server.received.length >= 5);
    expect(server.received).toHaveLength(5);
    await until(() => server.received.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toHaveLength(10);
    expect(server.refusals).toEqual([]);
    const first = server.received.slice(0, 5);
    expect(first.filter((r) => r.provider === 'varnish')).toEqual([
      { provider: 'varnish', tags: ['notfound', 'section-mf_invest'], soft: false },
      { provider: 'varnish', tags: ['remote-mf_invest'], soft: true },
    ]);
    expect(first.filter((r) => r.provider === 'fastly')).toEqual([
      { provider: 'fastly', tags: ['notfound', 'section-mf_invest'], soft: false },
      { provider: 'fastly', tags: ['remote-mf_invest'], soft: true },
    ]);
    // Cloudflare has no soft purge: both kinds in one call.
    expect(first.find((r) => r.provider === 'cloudflare')?.tags.sort()).toEqual(['notfound', 'remote-mf_invest', 'section-mf_invest']);
  });

  it("purges a section's pages a third time once every instance can have warmed the build it moved to", async () => {
    await release(stores[0], '1.0.0-cccccccccc', 0);
    const at = Date.now();
    const relay = relays[0]!;
    await relay.runOnce(at);
    expect(server.received).toHaveLength(5);
    await relay.runOnce(at + CONFIRM_AFTER_MS);
    expect(server.received).toHaveLength(10);
    // An instance may still serve the previous build while it warms the new one: not done yet.
    await relay.runOnce(at + WARMED_AFTER_MS - 5000);
    expect(server.received).toHaveLength(10);
    expect((await stores[0].purges.backlog()).confirming).toBe(1);
    await relay.runOnce(at + WARMED_AFTER_MS);
    expect(server.received).toHaveLength(15);
    // The same calls as the first pass (the caches answer in any order).
    const calls = (from: number) =>
      server.received
        .slice(from, from + 5)
        .map((call) => JSON.stringify(call))
        .sort();
    expect(calls(10)).toEqual(calls(0));
    await relay.runOnce(at + 10 * WARMED_AFTER_MS);
    expect(server.received).toHaveLength(15);
    expect(await stores[0].purges.backlog()).toMatchObject({ pending: 0, confirming: 0, failed: 0 });
  });

  it('asks a cache that was down again until it takes the purge, and shows the backlog meanwhile', async () => {
    server.setDown(true);
    await release(stores[0], '1.0.0-bbbbbbbbbb', 0);
    for (const relay of relays) relay.start();
    await until(async () => (await stores[0].purges.backlog()).pending === 1);
    const backlog = await stores[0].purges.backlog();
    expect(backlog.oldestPendingAt).toBeLessThanOrEqual(Date.now());
    // The overdue tags are what pages naming them are answered briefly for.
    expect(await stores[1].purges.unsentTags(0, Date.now())).toEqual(
      expect.arrayContaining(['notfound', 'section-mf_invest', 'remote-mf_invest']),
    );
    server.setDown(false);
    await until(async () => (await stores[0].purges.backlog()).pending === 0);
    expect(server.refusals).toEqual([]);
    expect(await stores[1].purges.unsentTags(0, Date.now())).toEqual([]);
  });
});

describe('the passes of a purge', () => {
  const job = { createdAt: 1_000, hard: [] as string[], soft: [] as string[] };
  it('sends a content change twice, and a move of a section three times', () => {
    const content = { ...job, hard: ['content-casestudies-acme', 'list-casestudies', 'notfound'] };
    expect(nextPassAt({ ...content, passes: 0 })).toBe(1_000 + CONFIRM_AFTER_MS);
    expect(nextPassAt({ ...content, passes: 1 })).toBeNull();
    const move = { ...job, hard: ['notfound', 'section-mf_invest'], soft: ['remote-mf_invest'] };
    expect(nextPassAt({ ...move, passes: 0 })).toBe(1_000 + CONFIRM_AFTER_MS);
    expect(nextPassAt({ ...move, passes: 1 })).toBe(1_000 + WARMED_AFTER_MS);
    expect(nextPassAt({ ...move, passes: 2 })).toBeNull();
  });
});

describe('EDGE_PURGE', () => {
  it('refuses what is not a cache, and a provider without its token, naming the variable', () => {
    expect(() => edgeConfig({ EDGE_PURGE: 'memcached:1' })).toThrow(/EDGE_PURGE: "memcached:1" is not a cache/);
    expect(() => edgeConfig({ EDGE_PURGE: 'fastly:svc' })).toThrow(/FASTLY_API_TOKEN/);
    expect(() => edgeConfig({ EDGE_PURGE: 'cloudflare:zone' })).toThrow(/CLOUDFLARE_API_TOKEN/);
    expect(edgeConfig({}).times.pageTtl).toBe(60);
    expect(edgeConfig({ EDGE_PURGE: 'http://127.0.0.1:6081' }).times).toMatchObject({ pageTtl: 3600, staleIfError: 86400 });
  });

  it("settles a section's purge once every instance can have warmed, unless told otherwise", () => {
    expect(edgeConfig({}).settleAfterMs).toBe(WARMED_AFTER_MS);
    expect(edgeConfig({ EDGE_PURGE_SETTLE_MS: '0' }).settleAfterMs).toBe(0);
    expect(() => edgeConfig({ EDGE_PURGE_SETTLE_MS: 'soon' })).toThrow(/EDGE_PURGE_SETTLE_MS must be a whole number of milliseconds/);
    const move = { createdAt: 1_000, hard: ['section-mf_invest'], soft: [], passes: 1 };
    expect(nextPassAt(move, 0)).toBeNull();
  });
});
