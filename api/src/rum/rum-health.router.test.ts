/**
 * What comes out of page-view reports (rum.router.test.ts sends them): the health of each version of
 * a section (GET /api/releases/{remote}/health).
 */
import request from 'supertest';
import type { VersionHealth } from '@cardlift/contracts';
import { honestReport, sendReport, type Visit } from '../../test/rum-visits';
import type { App } from '../app';
import { appWith, page, RELEASE_TOKEN, rumRequests } from './rum-router-fixtures';

let app: App;
let server: ReturnType<App['koa']['callback']>;
beforeAll(async () => {
  ({ app } = await appWith({ RUM_RATE_LIMIT: '0' }));
  server = app.koa.callback();
}, 30_000);
afterAll(() => app.close());

const { health } = rumRequests(() => app);

describe('GET /api/releases/{remote}/health', () => {
  it('gives each version its views, p75 figures, views with errors per 100, views with failed loads and form outcomes', async () => {
    const fresh = await appWith({ RUM_RATE_LIMIT: '0' });
    const send = async (visit: Visit) => expect((await sendReport(fresh.app, await honestReport(fresh.app, visit))).status).toBe(204);
    try {
      for (let i = 1; i <= 4; i++) await send(page(fresh.v1, { metrics: { lcp: 1000 * i, inp: 50 * i, cls: 0.01 * i } }));
      await send(page(fresh.v1, { errors: { mf_invest: 1 }, contactOutcomes: ['stored', 'refused'], skewRecovered: 2 }));
      // A report claiming many errors is one view with errors: never more than the view it is.
      for (let i = 1; i <= 4; i++)
        await send(page(fresh.v2, { metrics: { lcp: 4000, inp: 600, cls: 0.3 }, errors: { mf_invest: 100, shell: 1 } }));
      await send({
        section: 'mf_marketing',
        route: '/',
        versions: { mf_invest: fresh.v2 },
        report: { remoteFailures: { mf_invest: 100 } },
      });
      await fresh.app.rum.flush();
      const answer = await request(fresh.app.koa.callback())
        .get('/api/releases/mf_invest/health?hours=1')
        .set('Authorization', `Bearer ${RELEASE_TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ remote: 'mf_invest', hours: 1, current: fresh.v1 });
      const byVersion = new Map((answer.body.versions as VersionHealth[]).map((v) => [v.version, v]));
      expect(byVersion.get(fresh.v1)).toMatchObject({
        views: 5,
        current: true,
        errorsPer100: 20,
        remoteFailures: 0,
        // A view that recovered from a deploy's removed files: counted once, and not among the errors.
        skewRecovered: 1,
        formOutcomes: { stored: 1, refused: 1, failed: 0 },
      });
      const second = byVersion.get(fresh.v2) as VersionHealth & { p75: Record<'lcp' | 'inp' | 'cls', number> };
      // Four views of mf_invest v2 (the marketing page's view is marketing's), each with errors; one view failed to load it.
      expect(second).toMatchObject({ views: 4, errorsPer100: 100, remoteFailures: 1 });
      // Within one 10 % bucket of the values sent.
      expect(second.p75.lcp).toBeGreaterThan(4000 / 1.1);
      expect(second.p75.lcp).toBeLessThan(4000 * 1.1);
      expect(second.p75.inp).toBeGreaterThan(600 / 1.1);
      expect(second.p75.cls).toBeCloseTo(0.3, 1);
    } finally {
      await fresh.app.close();
    }
  }, 30_000);

  it('holds each timing to what a page can plausibly take', async () => {
    const fresh = await appWith({ RUM_RATE_LIMIT: '0' });
    try {
      const report = await honestReport(fresh.app, page(fresh.v1, { metrics: { lcp: 600_000, inp: 600_000 } }));
      expect((await sendReport(fresh.app, report)).status).toBe(204);
      await fresh.app.rum.flush();
      const answer = await request(fresh.app.koa.callback())
        .get('/api/releases/mf_invest/health')
        .set('Authorization', `Bearer ${RELEASE_TOKEN}`);
      const { p75 } = (answer.body.versions as VersionHealth[]).find((v) => v.version === fresh.v1)!;
      expect(p75.lcp).toBeLessThanOrEqual(60_000 * 1.1);
      expect(p75.inp).toBeLessThanOrEqual(10_000 * 1.1);
    } finally {
      await fresh.app.close();
    }
  }, 30_000);

  it("asks for the remote's release token and a window within the retention", async () => {
    expect((await request(server).get('/api/releases/mf_invest/health')).status).toBe(401);
    expect((await health('mf_invest', '', 'wrong')).status).toBe(401);
    expect((await health('mf_company')).status).toBe(404);
    expect((await health('mf_invest', '?hours=0')).status).toBe(400);
    expect((await health('mf_invest', '?hours=100000')).status).toBe(400);
  });
});
