/**
 * The first paint waits for nothing but the HTML: the rules of the shell's and the section's
 * stylesheets the page's markup uses and the boot script come inlined in it, allowed by their hashes
 * in the Content-Security-Policy (no 'unsafe-inline'), and the page is styled and started by them with
 * no policy violation. The whole sheets follow without blocking that paint, and are applied before
 * the code that can show what the inlined rules do not cover (another page, a menu, a dialog).
 */
import type { Browser, Page } from 'playwright-core';
import { DEFERRED_SHEET_ATTRIBUTE } from '@cardlift/contracts';
import { DESKTOP, launchBrowser, layoutShift, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PAGES = ['/', '/case-studies', '/company/careers', '/invest'];

describe('first paint', () => {
  it.each(PAGES)('%s inlines the rules it uses of the shell and its section, each allowed by its hash', async (path) => {
    const response = await fetch(siteUrl(path));
    const html = await response.text();
    const sheets = [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
    expect(sheets).toEqual([
      expect.stringMatching(/^\/assets\/main\.[0-9a-f]{10}\.css$/),
      expect.stringMatching(/^\/remotes\/mf_\w+\/[^/]+\/assets\/.+\.css$/),
    ]);
    // Each whole sheet follows as a link that does not block the first paint (and, without script, a
    // blocking copy); the disabled one names the section's sheet for its runtime by path (nothing in
    // a page is built from the request's host): never fetched.
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual([
      `<link rel="stylesheet" href="${sheets[0]!}" media="print" ${DEFERRED_SHEET_ATTRIBUTE}>`,
      `<link rel="stylesheet" href="${sheets[0]!}">`,
      `<link rel="stylesheet" href="${sheets[1]!}" media="print" ${DEFERRED_SHEET_ATTRIBUTE}>`,
      `<link rel="stylesheet" href="${sheets[1]!}">`,
      `<link rel="stylesheet" href="${sheets[1]!}" disabled>`,
    ]);
    expect(html.match(/<noscript><link rel="stylesheet"[^>]*><\/noscript>/g)).toHaveLength(2);
    // What is inlined is a part of each sheet: the rules this page's markup uses.
    const inlined = [...html.matchAll(/<style data-href="[^"]+">([^<]*)<\/style>/g)].map((m) => m[1]!);
    for (const [i, href] of sheets.entries()) {
      const whole = await (await fetch(siteUrl(href))).text();
      expect(inlined[i]!.length).toBeLessThan(whole.length * 0.85);
    }
    const styleSrc = /style-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(styleSrc.match(/'sha256-[A-Za-z0-9+/=]+'/g)).toHaveLength(2);
    expect(styleSrc).not.toContain("'unsafe-inline'");
    // The boot script: no file to fetch on the way to the first paint, one hash in script-src.
    expect(html).not.toMatch(/<script[^>]* src="\/assets\/boot\./);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(scriptSrc.match(/'sha256-[A-Za-z0-9+/=]+'/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // In the head, before any markup that can be painted: a press on the top of a long page, painted
    // before the parser reaches the end, is noted too.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script>[^<]*__cardliftEarlyClicks/);
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<style'));
    // The brand font's preload comes before it: a parser running an inline script has not seen what follows.
    expect(head.indexOf('<link rel="preload" href="/assets/inter-')).toBeLessThan(head.indexOf('<script>'));
  });

  it('styles and starts the page with what is inlined, breaking no CSP rule', async () => {
    const page = await openPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    const sheetsFetched: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && sheetsFetched.push(r.url()));
    // openPage's goto returns once the page is interactive: the inlined boot script started it.
    await page.goto(siteUrl('/'));
    // The shell's sheet sizes the h1; the section's lays out its hero (a prefixed utility of its own).
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main h1')!).fontSize))).toBeGreaterThan(30);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main section')!).paddingTop)).not.toBe('0px');
    expect(violations).toEqual([]);
    // The whole sheets were fetched once each, and the section's code did not fetch its sheet again
    // (which would restyle the page).
    await page.waitForLoadState('networkidle');
    expect(sheetsFetched.map((url) => new URL(url).pathname).sort()).toEqual(await wholeSheets(page));
    expect(await appliedSheets(page)).toEqual({ inlined: 2, linked: 2 });
    await page.context().close();
  });

  it.each(['/', '/products/card-linked-offers#contact'])(
    '%s: applies the whole sheets before the code starts, even when they come late, moving nothing',
    async (path) => {
      const page = await openPage(browser);
      await page.goto(siteUrl('/'));
      await page.evaluate(() => document.fonts.ready);
      // Later than the first paint, within the first view's bound (1.5 s) the boot script waits. (A
      // routed page skips the HTTP cache: the sheets are fetched again.)
      await page.route(/\.css$/, async (route) => {
        await new Promise((done) => setTimeout(done, 800));
        await route.continue();
      });
      await page.goto(siteUrl(path));
      expect(await appliedSheets(page)).toEqual({ inlined: 2, linked: 2 });
      // Routing turns the browser's HTTP cache off, so the brand font is fetched again: on a busy
      // machine it can come after the first paint, and its swap moves a centred line by a pixel or two
      // (0.00002 here; brand-font.spec.ts bounds a late font at 0.005). A late sheet that changed the
      // layout would move whole blocks, far above that bound.
      expect(await layoutShift(page)).toBeLessThan(0.005);
      // A fragment's target stays where the first paint scrolled it: at the top, below the sticky header.
      const hash = new URL(siteUrl(path)).hash;
      if (hash) {
        const top = await page.locator(hash).evaluate((el) => el.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThan(150);
      }
      await page.context().close();
    },
  );

  it('styles what the first page did not inline once the visitor goes to another page', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/'));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // The header's menu (its panel is drawn only when opened), then its link.
    const button = page.getByTestId('site-header').getByRole('button', { name: 'Products' });
    await button.click();
    const panel = page.locator(`#${(await button.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
    await panel.waitFor({ state: 'visible' });
    await panel.locator('a[href="/products/offers-api"]').click();
    await page.waitForURL(siteUrl('/products/offers-api'));
    const code = page.getByTestId('typed-code');
    await code.waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The demo's monospace code and dark panel: classes of this page alone, absent from the home page's inlined rules.
    const inlined = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].map((s) => s.textContent).join(''));
    expect(inlined).not.toContain('mk\\:font-mono');
    expect(await code.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace/);
    expect(await code.evaluate((el) => getComputedStyle(el.closest('[class*="bg-neutral-950"]')!).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await page.context().close();
  });

  it('is fully styled without script, the whole sheets applied', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('/products/offers-api'));
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main h1')!).fontSize))).toBeGreaterThan(30);
    expect(await page.getByTestId('typed-code').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace/);
    // A hover state, which only the whole sheet has.
    const linked = await page.evaluate(() =>
      [...document.styleSheets].filter((s) => s.href && !s.disabled && s.media.mediaText === '').map((s) => s.cssRules.length),
    );
    expect(linked).toHaveLength(2);
    expect(
      await page.evaluate(() => [...document.styleSheets].some((s) => s.href && [...s.cssRules].some((r) => r.cssText.includes(':hover')))),
    ).toBe(true);
    await context.close();
  });
});

/** The whole sheets the page's HTML names, by path. */
const wholeSheets = (page: Page) =>
  page.evaluate(
    (attribute) => [...document.querySelectorAll(`link[${attribute}]`)].map((l) => new URL((l as HTMLLinkElement).href).pathname).sort(),
    DEFERRED_SHEET_ATTRIBUTE,
  );

/** Sheets in effect: the inlined parts, and the whole sheets once applied (media no longer print). */
const appliedSheets = (page: Page) =>
  page.evaluate(() => {
    const live = [...document.styleSheets].filter((s) => !s.disabled && s.media.mediaText !== 'print');
    return { inlined: live.filter((s) => !s.href).length, linked: live.filter((s) => s.href).length };
  });
