/**
 * Visitors in an experiment, through the api's public surface on SQLite and PostgreSQL: each is
 * assigned on the server and keeps their arm on every view (the variant's text is in the server
 * HTML), the split is near the plan, bots get the control and no cookie, exposures are counted from
 * view tokens and conversions from leads the lead store committed from those views (a report that
 * claims a sent form counts for nothing), once per visitor.
 */
import request from 'supertest';
import { CONTACT_PAGE_FIELD, CONTACT_VIEW_HEADER, RUM_PATH, RUM_VIEW_PATH } from '@cardlift/contracts';
import { CONTENT_TOKENS, PUBLISHER_TOKEN, contentApi } from '../../test/content-api-client';
import { contactSubmission } from '../../test/contact-submission';
import { writeFixtureSite } from '../../test/fixture-builds';
import { describeEachDatabase } from '../../test/databases';
import { BROWSER } from '../../test/rum-visits';
import { testApp } from '../../test/test-app';
import type { App } from '../app';
import { blogExperimentPlan } from '../../test/experiment-plans';

const PAGE = '/blog/merchants-announcement';
const B_TITLE = 'Variant B: merchants get paid faster';

/** What the page's field says it is: its token, route, section and versions. */
function pageOf(html: string): { token: string; route: string; section: string; versions: object } {
  const field = new RegExp(`name="${CONTACT_PAGE_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  if (!field) throw new Error('the page has no page field');
  return JSON.parse(Buffer.from(field, 'base64url').toString('utf8')) as ReturnType<typeof pageOf>;
}

/** A browser: its own network, and the cookies the site set it. */
class Visitor {
  cookies = new Map<string, string>();
  constructor(
    private readonly server: ReturnType<App['koa']['callback']>,
    readonly address: string,
    readonly agent = BROWSER,
  ) {}
  private headers() {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      'User-Agent': this.agent,
      'X-Forwarded-For': this.address,
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: cookie } : {}),
    };
  }
  private keep(res: request.Response) {
    for (const line of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) this.cookies.set(name!, value);
      else this.cookies.delete(name!);
    }
    return res;
  }
  async page() {
    return this.keep(await request(this.server).get(PAGE).set(this.headers()).expect(200));
  }
  async json(path: string) {
    return this.keep(await request(this.server).get(path).set(this.headers()).expect(200)).body as Record<string, unknown>;
  }
  /** What the page's script does: trades the page's token for a page-view token. */
  async view(html: string): Promise<string> {
    const res = await request(this.server).post(RUM_VIEW_PATH).set(this.headers()).send(pageOf(html)).expect(200);
    return (res.body as { view: string }).view;
  }
  async lead(view: string) {
    return request(this.server)
      .post('/api/contact')
      .set({ ...this.headers(), [CONTACT_VIEW_HEADER]: view })
      .send(contactSubmission({ email: `v${this.address.replaceAll('.', '-')}@example.com` }))
      .expect(201);
  }
}

describeEachDatabase('experiment serving', 'experiments_serving', (database) => {
  let app: App;
  let drop: () => Promise<void>;
  let server: ReturnType<App['koa']['callback']>;
  const publisher = { Authorization: `Bearer ${PUBLISHER_TOKEN}` };

  beforeAll(async () => {
    const fresh = await database.fresh();
    drop = fresh.drop;
    app = testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS, trustProxyHops: 1, ...fresh.target });
    await app.start();
    server = app.koa.callback();
    const api = contentApi(server);
    const live = (await api.get('blog/merchants-announcement').expect(200)).body.content as object;
    const saved = await api.save('blog/merchants-announcement', { ...live, title: B_TITLE }).expect(200);
    await request(server)
      .post('/api/experiments')
      .set(publisher)
      .send(blogExperimentPlan('faster', saved.body.latestRevision, 0.05))
      .expect(201);
    await request(server).post('/api/experiments/faster/start').set(publisher).expect(200);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('serves each visitor one arm on every view, splits near the plan, and counts only what the server saw', async () => {
    const seen = { control: [] as Visitor[], B: [] as Visitor[] };
    for (let i = 0; i < 200; i++) {
      const visitor = new Visitor(server, `203.0.${i}.10`);
      const titles = new Set<string>();
      for (let view = 0; view < 3; view++) {
        const html = (await visitor.page()).text;
        titles.add(html.includes(B_TITLE) ? 'B' : 'control');
      }
      expect(titles.size).toBe(1);
      seen[[...titles][0] as 'control' | 'B'].push(visitor);
    }
    // Client-side navigation reads the post from the api: the same arm.
    const post = async (visitor: Visitor) => (await visitor.json('/api/blog/merchants-announcement')).title as string;
    expect(await post(seen.B[0]!)).toBe(B_TITLE);
    expect(await post(seen.control[0]!)).not.toBe(B_TITLE);
    expect(seen.B.length).toBeGreaterThanOrEqual(76);
    expect(seen.B.length).toBeLessThanOrEqual(124);

    // Ten visitors of each arm open the page with script (a view token each); one of B's sends a lead, twice.
    for (const visitor of [...seen.control.slice(0, 10), ...seen.B.slice(0, 10)]) await visitor.view((await visitor.page()).text);
    const buyer = seen.B[0]!;
    const view = await buyer.view((await buyer.page()).text);
    await buyer.lead(view);
    await buyer.lead(await buyer.view((await buyer.page()).text));
    // A control visitor's report claiming a sent form is not a lead.
    const claimer = seen.control[0]!;
    const claimedPage = (await claimer.page()).text;
    const claimed = await claimer.view(claimedPage);
    const { token: _token, ...page } = pageOf(claimedPage);
    await request(server)
      .post(RUM_PATH)
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': claimer.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' })
      .send(JSON.stringify({ view: claimed, ...page, device: 'desktop', metrics: { lcp: 900 }, contactOutcomes: ['stored'] }))
      .expect(204);

    const results = async () => (await request(server).get('/api/experiments/faster/results').set(publisher).expect(200)).body;
    let read = await results();
    // Views and reports are filed beside the answer (never slowing it): wait until they are in.
    const filed = (r: typeof read) => r.arms[0].views >= 11 && r.arms[1].views >= 12 && r.arms[0].p75LcpMs !== null;
    for (let i = 0; i < 100 && !filed(read); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await results();
    }
    const [control, b] = read.arms;
    expect(control).toMatchObject({ arm: 'control', visitors: 10, leads: 0 });
    expect(b).toMatchObject({ arm: 'B', visitors: 10, leads: 1 });
    expect(control.views).toBe(11);
    // The report's timing is the view's guardrail figure; its claimed lead is nothing.
    expect(control.p75LcpMs).toBe(900);
    expect(b.views).toBe(12);
    expect(read.variants[0]).toMatchObject({ arm: 'B', verdict: 'no decision yet' });
    expect(read.sampleRatio.mismatch).toBe(false);
  });

  it('serves bots the control, with no visitor value, and never an answer a cache could give a new visitor', async () => {
    const bot = new Visitor(server, '198.51.100.9', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    for (let i = 0; i < 5; i++) {
      const page = await request(server).get(PAGE).set({ 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }).expect(200);
      expect(page.text).not.toContain(B_TITLE);
      // The "none" label: a cookie on the answer, so no cache keeps it for requests without one.
      expect(String(page.headers['set-cookie'])).toMatch(/^cardlift_arm=[\w-]{22};/);
    }
    await bot.page();
    expect([...bot.cookies.keys()]).toEqual(['cardlift_arm']);
  });
});
