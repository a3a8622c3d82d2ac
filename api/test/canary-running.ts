/**
 * An app with mf_invest v1 current and v2 a canary, its guard looking every 100 ms, for the guard's
 * end-to-end tests: on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import request from 'supertest';
import { CONTACT_VIEW_FIELD } from '@cardlift/contracts';
import { createApp, type App } from '../src/app';
import type { AppConfig } from '../src/app-config';
import { releaseContext } from '../src/releases/release-context';
import { releaseBuild } from '../src/releases/release-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../src/releases/test-fixtures';
import { startCanary } from '../src/releases/canary/canary-service';
import { contactSubmission } from './contact-submission';
import { BROWSER, honestReport, sendReport, type Visit } from './rum-visits';

export const TOKEN = 'invest-token';
export const remote = 'mf_invest' as const;

/** An instance with v1 current and v2 a canary at `share` %; `before` runs between the releases and the canary's start. */
export async function canaryAt(
  share: number,
  database: Record<string, string>,
  env: Record<string, string> = {},
  before?: (config: AppConfig, current: string) => Promise<void>,
) {
  const config = checkoutConfig(tempCheckout(), TOKEN, {
    TRUST_PROXY_HOPS: '1',
    RUM_RATE_LIMIT: '0',
    CONTACT_RATE_LIMIT: '0',
    RUM_FLUSH_MS: '100',
    CANARY_GUARD_INTERVAL_MS: '100',
    CANARY_BAKE_MS: '3600000',
    ...database,
    ...env,
  });
  const app = createApp({ config });
  await app.start();
  const context = releaseContext(config, await app.registryStore());
  const release = async (marker: string, candidate: boolean) =>
    (await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild(marker), candidate })).version;
  const current = await release('v1', false);
  const canary = await release('v2', true);
  await before?.(config, current);
  await startCanary(context, { actor: 'cli', remote, version: canary, share });
  await app.registry.refresh();
  return { app, current, canary, config };
}

/** One page view, reported, whose visitor then sends the contact form with the view's token: the api's answer status. */
export async function visitAndContact(app: App, one: Visit, body: Record<string, unknown> = {}): Promise<number> {
  const report = await honestReport(app, one);
  await sendReport(app, report, one.client).expect(204);
  const answer = await request(app.koa.callback())
    .post('/api/contact')
    .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': one.client ?? '198.51.100.7', 'Sec-Fetch-Site': 'same-origin' })
    .send({
      ...contactSubmission({ email: `lead-${Math.random().toString(36).slice(2)}@example.com` }),
      [CONTACT_VIEW_FIELD]: report.view,
      ...body,
    });
  return answer.status;
}

/** `count` visitors from `clients` networks (203.0.<n>.x) who each send the form: answers by status. */
export async function contacts(
  app: App,
  visit0: Visit & { count: number; clients: number; offset?: number },
  body?: Record<string, unknown>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < visit0.count; i++) {
    const n = (visit0.offset ?? 0) + i;
    statuses.push(await visitAndContact(app, { ...visit0, client: `203.0.${n % visit0.clients}.${20 + (n % 5)}` }, body));
  }
  return statuses;
}
