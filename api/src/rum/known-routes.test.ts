/**
 * A report is filed under its page's route only when the site serves a page of that route (a static
 * path or a pattern of the served builds' page tables); any other route is filed under one fixed
 * value, so what a sender names never grows the stored set.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { RemoteName } from '@cardlift/contracts';
import { writeFixtureSite } from '../../test/fixture-builds';
import { honestReport, sendReport } from '../../test/rum-visits';
import { createApp } from '../app';
import { loadConfig } from '../app-config';
import { KnownRoutes } from './known-routes';
import { UNKNOWN_ROUTE } from './rum-aggregator';
import { openSqliteRumStore } from './rum-sql';

const logger = pino({ level: 'silent' });

describe('KnownRoutes', () => {
  it('reads the list again once it is old, keeping the last one when a read fails', async () => {
    let clock = 0;
    const lists: (string[] | Error)[] = [['/invest'], new Error('worker busy'), ['/company']];
    const routes = new KnownRoutes(
      async () => {
        const next = lists.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      logger,
      1000,
      () => clock,
    );
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    // Not read yet: only the not-found route; the question starts the first read.
    expect(routes.has('/invest')).toBe(false);
    expect(routes.has('*')).toBe(true);
    await settled();
    expect(routes.has('/invest')).toBe(true);
    clock = 1500;
    routes.has('/invest');
    await settled();
    expect(routes.has('/invest')).toBe(true);
    clock = 3000;
    routes.has('/invest');
    await settled();
    expect(routes.has('/company')).toBe(true);
    expect(routes.has('/invest')).toBe(false);
    expect(lists).toEqual([]);
  });
});

describe('routes of the reports the api keeps', () => {
  const root = writeFixtureSite();
  const config = loadConfig({
    ...process.env,
    SITE_ROOT: root,
    DATA_DIR: path.join(root, 'data'),
    LOG_LEVEL: 'silent',
    RUM_RATE_LIMIT: '0',
  });
  const app = createApp({ config });
  beforeAll(() => app.start());
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const send = async (route: string, section: RemoteName) =>
    sendReport(app, await honestReport(app, { route, section, versions: {}, report: { metrics: {} } })).expect(204);

  it("keeps the site's static paths and patterns, and files any other route under one value", async () => {
    const rum = openSqliteRumStore(config.dataDir);
    try {
      const viewsPerRoute = async (section: string) =>
        Object.fromEntries((await rum.routeTotals(0, section)).filter((t) => t.metric === 'views').map((t) => [t.route, t.count] as const));
      // The first report asks the render workers for the page tables; wait until they have answered.
      const deadline = Date.now() + 20_000;
      for (;;) {
        await send('/invest', 'mf_invest');
        await app.rum.flush();
        if ((await viewsPerRoute('mf_invest'))['/invest']) break;
        if (Date.now() > deadline) throw new Error('the served routes were never read');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await send('/blog/:id', 'mf_resources');
      await send('/blog/a-post-id', 'mf_resources');
      await send('/no-such-page', 'mf_resources');
      await send('*', 'mf_resources');
      await app.rum.flush();
      expect(await viewsPerRoute('mf_resources')).toEqual({ '/blog/:id': 1, '*': 1, [UNKNOWN_ROUTE]: 2 });
    } finally {
      await rum.close();
    }
  }, 30_000);
});
