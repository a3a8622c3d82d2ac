/**
 * Leads sent with the page field (the page token with what it signs) are counted for the side the
 * page was built for, on SQLite and PostgreSQL: the form posted without script, and the script's form
 * sent before its view token came. A forged page field costs the visitor nothing: the lead is stored,
 * and counted for no side.
 */
import request from 'supertest';
import { CONTACT_PAGE_FIELD, CONTACT_PAGE_HEADER } from '@cardlift/contracts';
import type { App } from '../app';
import { canaryAt } from '../../test/canary-running';
import { contactSubmission } from '../../test/contact-submission';
import { BROWSER } from '../../test/rum-visits';
import { openRumStore } from '../rum/rum-store';
import type { AppConfig } from '../app-config';
import { pageFieldValue } from './lead-views';
import { describeEachDatabase } from '../../test/databases';

const section = 'mf_invest' as const;
const route = '/invest';
const headers = { 'User-Agent': BROWSER, 'X-Forwarded-For': '203.0.113.9', 'Sec-Fetch-Site': 'same-origin' };

/** The page field of an /invest page built with `signed`, claiming `claimed` (the same unless forged). */
function pageField(app: App, signed: string, claimed = signed): string {
  const token = app.rumPageToken({ section, route }, [{ name: section, entry: '', version: signed }]);
  if (!token) throw new Error('the app has no page-view key yet');
  return pageFieldValue({ token, route, section, versions: { [section]: claimed } });
}

/** The form as a browser without script posts it, to the page it is on. */
const postForm = (app: App, fields: Record<string, string>, to = route) =>
  request(app.koa.callback())
    .post(to)
    .set(headers)
    .type('form')
    .send({ ...contactSubmission({ email: `lead-${Math.random().toString(36).slice(2)}@example.com` }), ...fields });

/** Stored leads per version of `of`, as the guard reads them. */
async function storedLeads(config: AppConfig, of: string = section): Promise<Record<string, number>> {
  const store = await openRumStore(config);
  try {
    const totals = await store.leadViewTotals(Math.floor(Date.now() / 60_000) - 60, of);
    const out: Record<string, number> = {};
    for (const total of totals) out[total.version] = (out[total.version] ?? 0) + total.storedLeads;
    return out;
  } finally {
    await store.close();
  }
}

describeEachDatabase('leads named by their page field,', 'page_field_leads', (backend) => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('count for the side their page was built for, one per post, from the form without script and the JSON route (field or header)', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    await postForm(app, { [CONTACT_PAGE_FIELD]: pageField(app, running.canary) }).expect(303);
    await postForm(app, { [CONTACT_PAGE_FIELD]: pageField(app, running.canary) }).expect(303);
    await postForm(app, { [CONTACT_PAGE_FIELD]: pageField(app, running.current) }).expect(303);
    await request(app.koa.callback())
      .post('/api/contact')
      .set(headers)
      .send({ ...contactSubmission({ email: 'fast@example.com' }), [CONTACT_PAGE_FIELD]: pageField(app, running.current) })
      .expect(201);
    // As the scripted form sends it: in a header, which an instance of the previous release ignores.
    await request(app.koa.callback())
      .post('/api/contact')
      .set({ ...headers, [CONTACT_PAGE_HEADER]: pageField(app, running.canary) })
      .send(contactSubmission({ email: 'scripted@example.com' }))
      .expect(201);
    expect(await storedLeads(running.config)).toEqual({ [running.canary]: 3, [running.current]: 2 });
    expect(await (await app.leads()).countLeads()).toBe(5);
  });

  it('are stored but counted for no side when the page field is forged or the visitor sent Sec-GPC', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    // A page token of the current side, claiming the canary's version.
    await postForm(app, { [CONTACT_PAGE_FIELD]: pageField(app, running.current, running.canary) }).expect(303);
    await postForm(app, { [CONTACT_PAGE_FIELD]: 'junk' }).expect(303);
    await request(app.koa.callback())
      .post('/api/contact')
      .set({ ...headers, 'Sec-GPC': '1' })
      .send({ ...contactSubmission({ email: 'gpc@example.com' }), [CONTACT_PAGE_FIELD]: pageField(app, running.canary) })
      .expect(201);
    expect(await storedLeads(running.config)).toEqual({});
    expect(await (await app.leads()).countLeads()).toBe(3);
  });
});
