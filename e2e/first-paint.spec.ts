/**
 * The first paint waits for nothing but the HTML: the shell's and the section's stylesheets and the
 * boot script come inlined in it, allowed by their hashes in the Content-Security-Policy (no
 * 'unsafe-inline'), and the page is styled and started by them with no policy violation.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PAGES = ['/', '/case-studies', '/company/careers', '/invest'];

describe('first paint', () => {
  it.each(PAGES)('%s links no stylesheet: the shell and its section are inlined, each allowed by its hash', async (path) => {
    const response = await fetch(siteUrl(path));
    const html = await response.text();
    const sheets = [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
    expect(sheets).toEqual([
      expect.stringMatching(/^\/assets\/main\.[0-9a-f]{10}\.css$/),
      expect.stringMatching(/^\/remotes\/mf_\w+\/[^/]+\/assets\/.+\.css$/),
    ]);
    // The one stylesheet link names the section's inlined sheet for its runtime by path (nothing in a
    // page is built from the request's host), disabled: never fetched.
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual([
      `<link rel="stylesheet" href="${sheets[1]!}" disabled>`,
    ]);
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
    // The section's code started without fetching its inlined sheet again (which would restyle the page).
    await page.waitForLoadState('networkidle');
    expect(sheetsFetched).toEqual([]);
    expect(await page.evaluate(() => [...document.styleSheets].filter((s) => !s.disabled).length)).toBe(2);
    await page.context().close();
  });
});
