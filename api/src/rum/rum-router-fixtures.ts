/**
 * The app the rum router tests drive (rum.router.test.ts, rum-health.router.test.ts): a throwaway
 * checkout with two releases of mf_invest, v1 live and v2 a canary beside it at 50 %, and the
 * requests the tests make of it.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import type { Visit } from '../../test/rum-visits';
import { createApp, type App } from '../app';
import { releaseContext } from '../releases/release-context';
import { releaseBuild } from '../releases/release-service';
import { startCanary } from '../releases/canary/canary-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../releases/test-fixtures';

export const RELEASE_TOKEN = 'invest-release-token';
export const METRICS_TOKEN = 'metrics-token';
export const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');

/** An app over a throwaway checkout with two releases of mf_invest: v1 live, v2 a canary beside it at 50 %. */
export async function appWith(env: Record<string, string>): Promise<{ app: App; v1: string; v2: string }> {
  const config = checkoutConfig(tempCheckout(), RELEASE_TOKEN, { TRUST_PROXY_HOPS: '1', ...env });
  const app = createApp({ config });
  await app.start();
  const context = releaseContext(config, await app.registryStore());
  const release = async (marker: string, candidate: boolean) =>
    (await releaseBuild(context, { actor: 'cli', remote: 'mf_invest', buildDir: fixtureBuild(marker), candidate })).version;
  const v1 = await release('v1', false);
  const v2 = await release('v2', true);
  await startCanary(context, { actor: 'cli', remote: 'mf_invest', version: v2, share: 50 });
  await app.registry.refresh();
  return { app, v1, v2 };
}

export const page = (version: string, report: Visit['report'] = {}, client?: string): Visit => ({
  versions: { mf_invest: version },
  report,
  ...(client ? { client } : {}),
});

/** Requests to the app `current()` names when they are made (a test file's app, started in its beforeAll). */
export function rumRequests(current: () => App) {
  const server = () => current().koa.callback();
  const health = (remote = 'mf_invest', query = '', token = RELEASE_TOKEN) =>
    request(server()).get(`/api/releases/${remote}/health${query}`).set('Authorization', `Bearer ${token}`);
  const viewsOf = async (version: string) => {
    await current().rum.flush();
    return (
      ((await health()).body as { versions: { version: string; views: number }[] }).versions.find((v) => v.version === version)?.views ?? 0
    );
  };
  const outcomes = async () => {
    const text = (await request(server()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text as string;
    return Object.fromEntries(
      [...text.matchAll(/^cardlift_rum_reports_total\{outcome="(\w+)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
    );
  };
  return { health, viewsOf, outcomes };
}
