/**
 * An experiment on the home page's announcement behind Varnish, started through the experiment API
 * at 50/50: 200 visitors (cookie jars, the cheap way to have many) each read one version on five
 * views, the split is within 40-60 %, and the results count exactly the views they traded tokens
 * for. A few visitors in Chromium find their version's text in the server's HTML and see no text
 * change when the page hydrates or navigates. A visitor without script is counted when the form is
 * posted; a lead sent from variant B raises B's leads by one; a report claiming a lead changes nothing.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { RUM_PATH } from '@cardlift/contracts';
import { contentApi } from '../api/test/content-api-client';
import { purgeJobsOn } from '../api/src/edge/purge-jobs-sql';
import { runnerOn } from '../api/src/platform/sql-runner';
import { DESKTOP, framesDrawn, launchBrowser, openPage } from './support/browser';
import { contactForm, fillContactForm, fillNativeContactForm, THANKS, type ContactEntries } from './support/contact-form';
import { CookieVisitor, pageFieldOf } from './support/cookie-visitor';
import { describeBehindVarnish, startEdgeSite, type EdgeSite } from './support/edge';
import { becomeInteractive, interactive, slowScripts } from './support/visitor';

const PUBLISHER = 'experiments-e2e-publisher';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const B_TEXT = 'Variant B: meet the team behind the Offers Network';
const VISITORS = 200;
const VIEWS = 5;
const BAR = '[data-testid="announcement-bar"]';

type Arm = 'control' | 'B';
interface ArmFigures {
  arm: string;
  visitors: number;
  views: number;
  leads: number;
}

const entries = (email: string): ContactEntries => ({
  ...{ firstName: 'Ada', lastName: 'Lovelace', email, jobTitle: 'CMO' },
  ...{ company: 'Analytical Engines', help: 'Data & Insights' },
});

describeBehindVarnish('an experiment on the home page behind Varnish', () => {
  let edge: EdgeSite;
  let cache: string;
  let browser: Browser;
  let controlText: string;
  const auth = { Authorization: `Bearer ${PUBLISHER}` };
  const bulk: Record<Arm, CookieVisitor[]> = { control: [], B: [] };
  const armOf = (text: string): Arm => (text.includes(B_TEXT) ? 'B' : 'control');

  const results = async (): Promise<Record<Arm, ArmFigures>> => {
    const answer = await fetch(`${edge.site.baseUrl}/api/experiments/announcement/results`, { headers: auth });
    const { arms } = (await answer.json()) as { arms: ArmFigures[] };
    return { control: arms.find((a) => a.arm === 'control')!, B: arms.find((a) => a.arm === 'B')! };
  };
  /** Views and leads are filed beside the answers (never slowing them): waits until `done` holds. */
  const resultsWhen = async (done: (read: Record<Arm, ArmFigures>) => boolean) => {
    let read = await results();
    for (let i = 0; i < 200 && !done(read); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await results();
    }
    return read;
  };

  beforeAll(async () => {
    edge = await startEdgeSite({
      CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
      CONTENT_TOKEN_PUBLISHER: `${sha256(PUBLISHER)}:publisher`,
      // Chromium here is headless, which the site otherwise treats as a bot (the control, counted nowhere).
      RUM_ALLOW_HEADLESS: '1',
      // Every visitor here comes from one machine, one client to the site: no per-client cap or limit.
      CANARY_MAX_CLIENT_SHARE: '1',
      RUM_RATE_LIMIT: '0',
    });
    cache = edge.caches[0]!.url;
    browser = await launchBrowser();
    const content = contentApi(edge.site.baseUrl, PUBLISHER);
    const live = (await content.get('banners/site').expect(200)).body.content as { primary: { text: string; link: string } };
    controlText = live.primary.text;
    const saved = await content.save('banners/site', { ...live, primary: { ...live.primary, text: B_TEXT } }).expect(200);
    const post = (path: string, body: object) =>
      fetch(`${edge.site.baseUrl}/api/experiments${path}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const plan = { id: 'announcement', kind: 'banners', itemId: 'site', variants: [{ name: 'B', revision: saved.body.latestRevision }] };
    expect((await post('', { ...plan, split: [50, 50], baselineRate: 0.05, minimumLift: 0.2, plannedDays: 14 })).status).toBe(201);
    // This instance serves the start before answering it; then the start's purge makes both its passes.
    expect((await post('/announcement/start', {})).status).toBe(200);
    const db = new Database(path.join(edge.site.dataDir, 'leads.sqlite'));
    try {
      const purges = purgeJobsOn(runnerOn({ kind: 'sqlite', db }));
      const settled = async () => Object.values(await purges.backlog()).every((n) => !n);
      for (let i = 0; i < 200 && !(await settled()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      db.close();
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await edge?.stop();
  });

  it('keeps each of 200 visitors on one version for five views, splits them 40-60 %, and counts exactly their views', async () => {
    const before = edge.origin.requests.length;
    for (let i = 0; i < VISITORS; i++) {
      const visitor = new CookieVisitor(cache);
      const seen = new Set<Arm>();
      for (let view = 0; view < VIEWS; view++) {
        const html = await visitor.page('/');
        // Exactly one of the two texts, in the server's HTML.
        expect(html.includes(B_TEXT) !== html.includes(controlText)).toBe(true);
        seen.add(armOf(html));
        await visitor.view(html);
      }
      expect([i, [...seen]]).toEqual([i, [...seen].slice(0, 1)]);
      expect(visitor.cookies.get('cardlift_arm')).toMatch(/^[\w-]{22}$/);
      bulk[[...seen][0]!].push(visitor);
    }
    expect(bulk.B.length / VISITORS).toBeGreaterThanOrEqual(0.4);
    expect(bulk.B.length / VISITORS).toBeLessThanOrEqual(0.6);
    // The edge kept one copy of the page per version, each filled by one answer of the origin.
    const shared = edge.origin.requests.slice(before).filter((r) => r.url === '/' && r.cacheControl.startsWith('public'));
    expect(shared.length).toBe(2);
    const read = await resultsWhen((r) => r.control.views + r.B.views >= VISITORS * VIEWS);
    expect(read.control).toMatchObject({ visitors: bulk.control.length, views: bulk.control.length * VIEWS, leads: 0 });
    expect(read.B).toMatchObject({ visitors: bulk.B.length, views: bulk.B.length * VIEWS, leads: 0 });
  }, 180_000);

  const chromiumB: Page[] = [];

  it('renders the version on the server: the same text before and after hydration, none changed, kept on navigation', async () => {
    const met: Record<Arm, number> = { control: 0, B: 0 };
    for (let i = 0; i < 12 && (met.control < 2 || met.B < 2); i++) {
      const page = await openPage(browser, DESKTOP);
      // Scripts arrive late, so the server's HTML is read long before the page hydrates.
      await slowScripts(page);
      const served = await page.mainFrame().goto(`${cache}/`, { waitUntil: 'domcontentloaded' });
      const arm = armOf(await served!.text());
      const text = arm === 'B' ? B_TEXT : controlText;
      expect(await interactive(page)).toBe(false);
      expect(await page.locator(BAR).innerText()).toBe(text);
      await page.evaluate((bar) => {
        const element = document.querySelector(bar)!;
        const changes: string[] = [];
        (window as unknown as { barChanges: string[] }).barChanges = changes;
        new MutationObserver(() => changes.push(element.textContent ?? '')).observe(element, {
          subtree: true,
          childList: true,
          characterData: true,
        });
        (window as unknown as { barElement: Element }).barElement = element;
      }, BAR);
      await becomeInteractive(page);
      await page.waitForLoadState('networkidle');
      await framesDrawn(page);
      expect(await page.locator(BAR).innerText()).toBe(text);
      const after = await page.evaluate((bar) => {
        const w = window as unknown as { barChanges: string[]; barElement: Element };
        return { changes: w.barChanges, same: document.querySelector(bar) === w.barElement };
      }, BAR);
      // Hydration adopted the server's bar as it was: no text changed, no element swapped.
      expect(after).toEqual({ changes: [], same: true });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Four more views, the version kept.
      for (let view = 1; view < VIEWS; view++) {
        await page.goto(`${cache}/`);
        expect(await page.locator(BAR).innerText()).toBe(text);
      }
      // A click to another page inside the site: the version stays.
      await page.locator(BAR).getByRole('link').click();
      await page.waitForURL(/\/blog\//);
      await framesDrawn(page);
      expect(await page.locator(BAR).innerText()).toBe(text);
      expect(page.errors).toEqual([]);
      met[arm]++;
      if (arm === 'B') chromiumB.push(page);
      else await page.context().close();
    }
    expect(met.control).toBeGreaterThanOrEqual(2);
    expect(met.B).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('counts a visitor without script at the post, a lead from B once, and a report claiming a lead not at all', async () => {
    const before = await resultsWhen(() => true);

    // A visitor with script off: one view, the form posted without script.
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const plain = await context.newPage();
    const arm = armOf(await (await plain.goto(`${cache}/`))!.text());
    await fillNativeContactForm(contactForm(plain), entries(`no-script-${Date.now()}@example.com`));
    await Promise.all([plain.waitForURL(/\?contact=sent#contact$/), contactForm(plain).getByRole('button', { name: 'Submit' }).click()]);
    await plain.locator('section#contact').getByText(THANKS).waitFor();
    await context.close();
    const withPlain = await resultsWhen((r) => r[arm].visitors > before[arm].visitors && r[arm].leads > before[arm].leads);
    expect(withPlain[arm]).toMatchObject({ visitors: before[arm].visitors + 1, leads: before[arm].leads + 1 });

    // A control visitor's report claims a stored lead: a claim, not a lead.
    const claimer = bulk.control[0]!;
    const html = await claimer.page('/');
    const view = await claimer.view(html);
    const { token: _token, ...page } = pageFieldOf(html);
    const report = await fetch(`${cache}${RUM_PATH}`, {
      method: 'POST',
      headers: claimer.headers({ 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' }),
      body: JSON.stringify({ view, ...page, device: 'desktop', metrics: { lcp: 900 }, contactOutcomes: ['stored'] }),
    });
    expect(report.status).toBe(204);

    // A lead sent with script from a Chromium visitor reading B.
    const buyer = chromiumB[0]!;
    await buyer.goto(`${cache}/`);
    const form = contactForm(buyer);
    await fillContactForm(buyer, form, entries(`variant-b-${Date.now()}@example.com`));
    const sent = buyer.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).status()).toBe(201);
    await buyer.getByText(THANKS).first().waitFor();

    const after = await resultsWhen((r) => r.B.leads > withPlain.B.leads);
    expect(after.B.leads).toBe(withPlain.B.leads + 1);
    expect(after.control.leads).toBe(withPlain.control.leads);
    expect(after.control.visitors).toBe(withPlain.control.visitors);
    for (const open of chromiumB) await open.context().close();
  }, 120_000);
});
