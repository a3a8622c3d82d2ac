/**
 * The Talk to Sales form posted without script, to the page it is on: stored then 303 to the page's
 * thanks, refused with the page again (entries and messages) and nothing stored, refused from another
 * site, the honeypot, the rate limit shared with the JSON route, and one lead for a repeated post.
 * The shell's server build is a stand-in that shows what it was asked to render (the real form's
 * HTML is checked in shell/src/contact and e2e/contact-form-html.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ContactFormState } from '@cardlift/contracts';
import { REMOTE_PACKAGES, writeRemoteBuild, writeShellServerBuild } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';
import type { App } from '../app';
import { fillDisk } from '../../test/full-disk';
import { CROSS_SITE_MESSAGE } from './contact-form.router';
import { openRumStore } from '../rum/rum-store';

function fixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-form-site-'));
  const shellDist = path.join(root, 'shell', 'dist');
  fs.mkdirSync(shellDist, { recursive: true });
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  // Shows the form state it was given, so a test sees what the page was rendered with.
  writeShellServerBuild(
    root,
    "exports.renderApp = async (input) => '<main data-rendered-form=\"' + (input.contactForm ? input.contactForm.status : 'empty') + '\"></main>';",
  );
  for (const pkg of REMOTE_PACKAGES) writeRemoteBuild(root, pkg);
  return root;
}

const siteRoot = fixtureSite();
const app = startedForSuite(testApp({ siteRoot }));
const limited = startedForSuite(testApp({ siteRoot, contactRateLimit: 2 }));

const PAGE = '/products/offers-api';
const entries = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  jobTitle: 'VP Marketing',
  company: 'Compilers Inc',
  businessHelp: 'customer-acquisition',
});

const postForm = (a: App, body: Record<string, string>, page = PAGE) =>
  request(a.koa.callback()).post(page).type('form').set('Sec-Fetch-Site', 'same-origin').send(body);

const leadsOf = async (a: App) => (await a.leads()).listLeads();

function formState(html: string): ContactFormState | undefined {
  const block = /<script type="application\/json" id="cardlift-contact-form">(.*?)<\/script>/.exec(html)?.[1];
  return block ? (JSON.parse(block) as ContactFormState) : undefined;
}

describe('the contact form posted without script', () => {
  it('stores the lead, then sends the visitor back to the page’s thanks (303), with its hidden attribution', async () => {
    const email = 'valid@example.com';
    const res = await postForm(app, { ...entries(email), agreeToUpdates: 'on', website: '', utmSource: 'news', landingPage: '/' }).expect(
      303,
    );
    expect(res.headers.location).toBe(`${PAGE}?contact=sent#contact`);
    const lead = (await leadsOf(app)).find((l) => l.email === email);
    expect(lead).toMatchObject({ ...entries(email), agreeToUpdates: true, attribution: { utmSource: 'news', landingPage: '/' } });
  });

  it('thanks the visitor on the page it sends them to, for them alone; the page itself is unchanged', async () => {
    const sent = await request(app.koa.callback()).get(`${PAGE}?contact=sent`).expect(200);
    expect(sent.headers['cache-control']).toBe('private, no-store');
    expect(formState(sent.text)).toEqual({ status: 'sent' });
    expect(sent.text).toContain('data-rendered-form="sent"');
    const plain = await request(app.koa.callback()).get(PAGE).expect(200);
    expect(plain.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
    expect(formState(plain.text)).toBeUndefined();
    expect(plain.text).toContain('data-rendered-form="empty"');
  });

  it('answers an invalid post with the page again (422): every message the JSON route gives, the entries kept, nothing stored', async () => {
    const before = (await leadsOf(app)).length;
    const json = await request(app.koa.callback()).post('/api/contact').send({ firstName: 'Ada', email: 'not-an-email' }).expect(400);
    const jsonMessages = Object.fromEntries(
      Object.entries(json.body.details.fieldErrors as Record<string, string[]>).map(([field, messages]) => [field, messages[0]]),
    );
    const res = await postForm(app, { firstName: 'Ada', lastName: ' ', email: 'not-an-email', businessHelp: '' }).expect(422);
    expect(res.type).toBe('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(formState(res.text)).toEqual({
      status: 'invalid',
      entries: {
        firstName: 'Ada',
        lastName: ' ',
        email: 'not-an-email',
        jobTitle: '',
        company: '',
        businessHelp: '',
        agreeToUpdates: false,
      },
      errors: jsonMessages,
    });
    expect(jsonMessages).toEqual({
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      jobTitle: 'Job title is required',
      company: 'Company name is required',
      businessHelp: 'Please tell us how we can help',
    });
    expect(res.text).toContain('data-rendered-form="invalid"');
    expect(await leadsOf(app)).toHaveLength(before);
  });

  it('refuses a post from another site with a clear message, and stores nothing', async () => {
    const before = (await leadsOf(app)).length;
    const crossSite = await request(app.koa.callback())
      .post(PAGE)
      .type('form')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(entries('forged@example.com'))
      .expect(403);
    expect(crossSite.text).toBe(CROSS_SITE_MESSAGE);
    const otherOrigin = await request(app.koa.callback())
      .post(PAGE)
      .type('form')
      .set('Origin', 'https://attacker.example')
      .send(entries('forged2@example.com'))
      .expect(403);
    expect(otherOrigin.text).toBe(CROSS_SITE_MESSAGE);
    expect(await leadsOf(app)).toHaveLength(before);
  });

  it('takes a filled honeypot like any post (303) and stores nothing', async () => {
    const before = (await leadsOf(app)).length;
    await postForm(app, { ...entries('bot@example.com'), website: 'http://spam.example' }).expect(303);
    expect(await leadsOf(app)).toHaveLength(before);
  });

  it('stores a post sent twice once, and a different one again', async () => {
    const before = (await leadsOf(app)).length;
    await postForm(app, entries('twice@example.com')).expect(303);
    // A reload of the post, spaced and cased differently by a second try: still the same lead.
    await postForm(app, { ...entries('Twice@Example.com'), company: ' Compilers  Inc ' }).expect(303);
    expect(await leadsOf(app)).toHaveLength(before + 1);
    await postForm(app, entries('other@example.com')).expect(303);
    expect(await leadsOf(app)).toHaveLength(before + 2);
  });

  it('counts against the same limit as the JSON route: over it, the page again (429) with the limit’s message', async () => {
    await request(limited.koa.callback()).post('/api/contact').send(entries('json@example.com')).expect(201);
    await postForm(limited, entries('first@example.com')).expect(303);
    const over = await postForm(limited, entries('third@example.com')).expect(429);
    const jsonOver = await request(limited.koa.callback()).post('/api/contact').send(entries('fourth@example.com')).expect(429);
    expect(formState(over.text)).toMatchObject({
      status: 'invalid',
      entries: { email: 'third@example.com' },
      formError: jsonOver.body.error,
    });
    expect((await leadsOf(limited)).map((l) => l.email).sort()).toEqual(['first@example.com', 'json@example.com']);
  });

  it('draws a campaign landing’s attribution into the page as hidden fields of the form, and nothing of the visit for other visits', async () => {
    const campaign = await request(app.koa.callback())
      .get('/?utm_source=x&utm_campaign=y')
      .set('Referer', 'https://news.example/')
      .expect(200);
    for (const [name, value] of [
      ['utmSource', 'x'],
      ['utmCampaign', 'y'],
      ['referrer', 'https://news.example/'],
      ['landingPage', '/'],
    ]) {
      expect(campaign.text).toContain(`<input type="hidden" form="talk-to-sales-form" name="${name}" value="${value}">`);
    }
    const inside = await request(app.koa.callback())
      .get('/')
      .set('Referer', `${app.config.siteAddresses.siteUrl}/products/offers-api`)
      .expect(200);
    const direct = await request(app.koa.callback()).get('/').expect(200);
    // Only the page field, the same for every visitor of the page (page-field-leads.test.ts).
    const hidden = (html: string) => [...html.matchAll(/<input type="hidden" form="talk-to-sales-form" name="([^"]+)"/g)].map((m) => m[1]);
    for (const page of [inside, direct]) expect(hidden(page.text)).toEqual(['page']);
  });
});

describe('the contact form posted without script, with the page field its HTML carries', () => {
  it("is counted as a stored lead of the page's section and version, for the side the page was built for", async () => {
    const page = await request(app.koa.callback()).get(PAGE).expect(200);
    const field = /<input type="hidden" form="talk-to-sales-form" name="page" value="([^"]+)">/.exec(page.text)?.[1];
    const section = /"rum":\{"route":"[^"]*","section":"([^"]+)"/.exec(page.text)?.[1];
    const version = new RegExp(`"name":"${section}","entry":"[^"]*","version":"([^"]+)"`).exec(page.text)?.[1];
    await postForm(app, { ...entries('page-field@example.com'), page: field! }).expect(303);
    const store = await openRumStore(app.config);
    const totals = await store.leadViewTotals(Math.floor(Date.now() / 60_000) - 60, section!);
    await store.close();
    expect(totals.map((t) => [t.version, t.storedLeads])).toEqual([[version, 1]]);
  });
});

describe('the contact form posted without script while the store cannot write', () => {
  const full = startedForSuite(testApp({ siteRoot }));

  it('answers the page again with 503, Retry-After, the message and everything typed, and stores nothing', async () => {
    const before = (await leadsOf(full)).length;
    // The api's own connection capped at the pages it has: inserts fail as on a full disk.
    const freeSpace = fillDisk(full.config.dataDir);
    let acknowledged = 0;
    let res: request.Response | undefined;
    try {
      for (let i = 0; i < 40; i += 1) {
        res = await postForm(full, { ...entries(`full${i}@example.com`), company: 'x'.repeat(200) });
        if (res.status !== 303) break;
        acknowledged += 1;
      }
    } finally {
      freeSpace();
    }
    expect(res?.status).toBe(503);
    expect(res?.headers['retry-after']).toBe('30');
    const state = formState(res!.text);
    expect(state).toMatchObject({ status: 'invalid', formError: expect.stringMatching(/couldn't save your message just now/) });
    expect(state).toMatchObject({ entries: { company: 'x'.repeat(200) } });
    expect((await leadsOf(full)).length).toBe(before + acknowledged);
  });
});
