/**
 * The guard's notice reaches the team even when the release webhook fails at first: it is tried again
 * with backoff, beside the guard's tick (which never waits for it), the team gets it exactly once, and
 * a notice the webhook never takes is logged as given up. On SQLite, one instance.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { RumAggregator } from '../../rum/rum-aggregator';
import { openSqliteRumStore } from '../../rum/rum-store-sqlite';
import { RegistryFollower } from '../registry-follower';
import { releaseBuild } from '../release-service';
import { fixtureBuild, tempReleaseContext } from '../test-fixtures';
import { startCanary } from './canary-service';
import { canaryWiring } from './canary-wiring';

const remote = 'mf_invest' as const;

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
async function within(ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A release webhook answering each attempt in turn with `answers` (status, after a delay), then 204. */
function webhook(answers: { status: number; afterMs?: number }[]) {
  const attempts: { key: string | undefined; body: { type: string; action: string } }[] = [];
  let answered = 0;
  let taken = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      attempts.push({ key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(body) });
      const { status, afterMs = 0 } = answers.shift() ?? { status: 204 };
      setTimeout(() => {
        answered++;
        if (status < 300) taken++;
        res.writeHead(status).end();
      }, afterMs);
    });
  });
  return {
    attempts,
    answered: () => answered,
    /** Notices the team received: attempts the webhook took. */
    taken: () => taken,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/releases`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A healthy canary the guard will step up at its first tick, wired as the app wires it, on `url`. */
async function healthyCanary(url: string, logger: pino.Logger) {
  const { context, store, config } = tempReleaseContext();
  const who = { actor: 'cli', remote };
  const current = (await releaseBuild(context, { ...who, buildDir: fixtureBuild('v1') })).version;
  const canary = (await releaseBuild(context, { ...who, buildDir: fixtureBuild('v2'), candidate: true })).version;
  await startCanary(context, { ...who, version: canary, share: 10 });
  const follower = new RegistryFollower(async () => store, logger);
  await follower.refresh();
  const rum = openSqliteRumStore(config.dataDir);
  const minute = Math.floor(Date.now() / 60_000);
  const views = (version: string) => ({
    minute,
    section: remote,
    version,
    route: '/invest',
    metric: 'views',
    device: 'phone',
    bucket: 0,
    count: 30,
  });
  await rum.add([views(current), views(canary)]);
  const wiring = canaryWiring({
    config: { ...config, releaseWebhookUrl: url, canary: { ...config.canary, minViews: 20, bakeMs: 0, steps: [10, 50, 100] } },
    logger,
    follower,
    registryStore: async () => store,
    rumStore: async () => rum,
    aggregator: new RumAggregator(async () => rum, logger, { flushMs: 1000, retentionDays: 1, maxKeys: 10, knownRoute: () => true }),
    noticeRetry: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 4 },
  });
  return {
    wiring,
    close: async () => {
      await wiring.stop();
      await rum.close();
      await store.close();
    },
  };
}

describe("the guard's notices", () => {
  it('are tried again until the webhook takes one, without holding up the tick: the team gets exactly one', async () => {
    // The first attempt is answered late and refused, the second refused at once, the third taken.
    const hook = webhook([{ status: 503, afterMs: 300 }, { status: 500 }]);
    const canary = await healthyCanary(await hook.listen(), pino({ level: 'silent' }));
    try {
      await canary.wiring.guard.tick();
      // The step is decided and the tick over before the webhook answered anything (its first answer takes 300 ms).
      expect(hook.answered()).toBe(0);
      expect(canary.wiring.guard.status(remote)?.action).toBe('step');
      await within(5000, () => hook.taken() === 1);
      // Stopping waits for any attempt under way and cancels any still planned: none may follow.
      await canary.wiring.stop();
      expect(hook.taken()).toBe(1);
      expect(hook.attempts).toHaveLength(3);
      expect(hook.attempts.map((a) => [a.body.type, a.body.action])).toEqual(Array(3).fill(['release.guard', 'step']));
      // One decision, one key: a receiver that took an attempt whose answer was lost drops the repeat.
      expect(new Set(hook.attempts.map((a) => a.key)).size).toBe(1);
    } finally {
      await canary.close();
      await hook.close();
    }
  });

  it('are logged as given up once the attempts run out', async () => {
    const hook = webhook(Array(10).fill({ status: 503 }));
    const lines: { level: number; msg: string; attempts?: number; remote?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const canary = await healthyCanary(await hook.listen(), logger);
    try {
      await canary.wiring.guard.tick();
      await within(5000, () => lines.some((l) => l.msg.includes('gave up')));
      expect(hook.attempts).toHaveLength(4);
      expect(lines.find((l) => l.msg.includes('gave up'))).toMatchObject({ level: 50, attempts: 4, remote });
      expect(lines.filter((l) => l.msg.includes('trying again'))).toHaveLength(3);
    } finally {
      await canary.close();
      await hook.close();
    }
  });
});
