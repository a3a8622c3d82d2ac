/**
 * IPv6 visitors, through the api as a browser's page views arrive (behind one trusted proxy), on
 * SQLite and PostgreSQL: rotating addresses within one's /64 buys no more page-view tokens, and the
 * canary guard counts one /48's many /64s as the one client they are.
 */
import request from 'supertest';
import { createApp, type App } from '../app';
import { within } from '../../test/release-webhook';
import { viewToken, visit } from '../../test/rum-visits';
import { releaseContext } from '../releases/release-context';
import { releaseBuild } from '../releases/release-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../releases/test-fixtures';
import { startCanary } from '../releases/canary/canary-service';
import { describeEachDatabase } from '../../test/databases';

const TOKEN = 'invest-token';
const remote = 'mf_invest' as const;

/** mf_invest v1 current, v2 a canary at 50 %, the guard looking every 100 ms and judging from 5 clients a side. */
async function canarySite(env: Record<string, string>) {
  const config = checkoutConfig(tempCheckout(), TOKEN, {
    TRUST_PROXY_HOPS: '1',
    RUM_FLUSH_MS: '100',
    CANARY_GUARD_INTERVAL_MS: '100',
    CANARY_MIN_VIEWS: '10',
    CANARY_MIN_CLIENTS: '5',
    CANARY_BAKE_MS: '3600000',
    ...env,
  });
  const app = createApp({ config });
  await app.start();
  const context = releaseContext(config, await app.registryStore());
  const release = async (marker: string, candidate: boolean) =>
    (await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild(marker), candidate })).version;
  const current = await release('v1', false);
  const canary = await release('v2', true);
  await startCanary(context, { actor: 'cli', remote, version: canary, share: 50 });
  await app.registry.refresh();
  return { app, current, canary };
}

describeEachDatabase('IPv6 clients', 'ipv6_clients', (backend) => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('page-view tokens: addresses rotated within one /64 share one limit', async () => {
    const site = await canarySite({ RUM_RATE_LIMIT: '3', ...(await backend.env()) });
    app = site.app;
    const versions = { mf_invest: site.current };
    const outcomes: string[] = [];
    for (let i = 1; i <= 6; i++)
      outcomes.push(
        await viewToken(site.app, { versions, client: `2001:db8:5:6::${i.toString(16)}` }).then(
          () => 'token',
          () => 'refused',
        ),
      );
    expect(outcomes).toEqual(['token', 'token', 'token', 'refused', 'refused', 'refused']);
    // The next /64 is someone else.
    await expect(viewToken(site.app, { versions, client: '2001:db8:5:7::1' })).resolves.toBeTruthy();
  });

  it('the canary guard counts 25 /64s of one /48 as one client', async () => {
    const site = await canarySite({ RUM_RATE_LIMIT: '0', ...(await backend.env()) });
    app = site.app;
    for (let i = 0; i < 30; i++) {
      await visit(site.app, { versions: { mf_invest: site.current }, client: `198.51.${i}.10` });
      await visit(site.app, { versions: { mf_invest: site.canary }, client: `2001:db8:77:${(i % 25).toString(16)}::${i + 1}` });
    }
    const guard = await within(15_000, async () => {
      await site.app.rum.flush();
      const answer = await request(site.app.koa.callback())
        .get(`/api/releases/${remote}/health?hours=1`)
        .set('Authorization', `Bearer ${TOKEN}`);
      const said = answer.body.canary?.guard as { action: string; rule: string; reason: string } | undefined;
      // Once every view is flushed and read, the current side shows its 30 (views, or clients).
      return said && /current 30\)/.test(said.reason) ? said : undefined;
    });
    // One client's views are capped to its share, so the canary side is one client with one view's
    // worth: the guard waits, where 25 clients' views would have been judged.
    expect(guard.action).toBe('hold');
    expect(guard.reason).toMatch(/\(canary 1, current 30\)/);
  });
});
