/**
 * One build, another environment: a site started with its own SITE_URL and external addresses shows
 * them in every head tag, the sitemap, robots.txt, the JSON-LD, the CSP and the links visitors press,
 * on the server's HTML and after hydration, with no rebuild. A SITE_URL that is not an origin stops the start.
 */
import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { siteContentDir } from './support/content';
import { SERVER } from '../api/test/server-process';
import { REPO_ROOT, startSite, type Site } from './support/site';
import { sitePages } from './support/site-pages';

const ORIGIN = 'https://www.example.org';
const ADDRESSES = {
  SITE_URL: `${ORIGIN}/`,
  SIGN_IN_HOST: 'https://login.example.org',
  SISTER_SITE_URL: 'https://data.example.org/',
  LINKEDIN_URL: 'https://www.linkedin.com/company/example-org',
  EARLY_ACCESS_FORM_URL: 'https://forms.example.org/early-access',
  DEMO_VIDEO_ID: 'example-demo',
  CAREERS_EMAIL: 'jobs@example.org',
  SALES_EMAIL: 'sales@example.org',
  PRESS_EMAIL: 'media@example.org',
};
/** The default origin's domain: nothing a page links to or declares may still name it. */
const DEFAULT_DOMAIN = 'cardlift.example';

let site: Site;
let browser: Browser;
beforeAll(async () => {
  site = await startSite(ADDRESSES);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const get = (pathname: string) => fetch(new URL(pathname, site.baseUrl));

/** The head's URLs (canonical, og:*, twitter:*), every link target of the body, and each JSON-LD URL. */
function addressesIn(html: string): { head: string[]; links: string[]; jsonLd: string[] } {
  const head = html.slice(0, html.indexOf('</head>'));
  const headUrls = [
    ...[...head.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...head.matchAll(/<meta (?:property|name)="(?:og|twitter):[\w:]+" content="(https?:[^"]+)"/g)].map((m) => m[1] as string),
  ];
  const links = [...html.matchAll(/\shref="([^"]+)"/g)].map((m) => m[1] as string);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) =>
    [...(m[1] as string).matchAll(/"(https?:\/\/[^"]+)"/g)].map((u) => u[1] as string),
  );
  return { head: headUrls, links, jsonLd };
}

describe('addresses per environment', () => {
  it('puts SITE_URL in every head tag and JSON-LD item, and no default address in any link', async () => {
    const problems: string[] = [];
    let headUrls = 0;
    for (const page of sitePages(siteContentDir())) {
      const { head, links, jsonLd } = addressesIn(await (await get(page.path)).text());
      headUrls += head.length;
      // An alias's canonical names the page it stands for, so only the origin is checked here.
      if (page.status === 200 && head.length === 0) problems.push(`${page.path}: no canonical or share tags`);
      for (const url of head) if (!url.startsWith(`${ORIGIN}/`)) problems.push(`${page.path} head: ${url}`);
      for (const url of [...links, ...jsonLd]) if (url.includes(DEFAULT_DOMAIN)) problems.push(`${page.path}: ${url}`);
    }
    expect(problems).toEqual([]);
    expect(headUrls).toBeGreaterThan(20);
  });

  it('lists the sitemap and its robots.txt line on SITE_URL', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locations.length).toBeGreaterThan(10);
    expect(locations.filter((url) => !url.startsWith(`${ORIGIN}/`))).toEqual([]);
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('names SITE_URL in the Content-Security-Policy and answers its CORS requests', async () => {
    const response = await fetch(new URL('/api/banners', site.baseUrl), { headers: { Origin: ORIGIN } });
    expect(response.headers.get('content-security-policy')).toMatch(new RegExp(`script-src 'self' ${ORIGIN.replace(/\./g, '\\.')}[ ;]`));
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it("links the environment's sign-in, mailboxes and forms, before and after hydration", async () => {
    const page = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto(new URL('/company/press', site.baseUrl).href);
    expect(await page.getByRole('link', { name: 'Sign In' }).first().getAttribute('href')).toBe('https://login.example.org/login');
    expect(await page.getByRole('link', { name: 'media@example.org' }).getAttribute('href')).toMatch(/^mailto:media@example\.org(\?|$)/);
    expect(
      await page
        .locator('footer')
        .getByRole('link', { name: /Cardlift Data/ })
        .getAttribute('href'),
    ).toBe(ADDRESSES.SISTER_SITE_URL);
    expect(
      await page
        .locator('footer')
        .getByRole('link', { name: /LinkedIn/ })
        .getAttribute('href'),
    ).toBe(ADDRESSES.LINKEDIN_URL);
    await page.goto(new URL('/invest', site.baseUrl).href);
    const earlyAccess = page.getByRole('link', { name: /early access/i }).first();
    expect(await earlyAccess.getAttribute('href')).toBe(ADDRESSES.EARLY_ACCESS_FORM_URL);
    await page.goto(new URL('/company/careers', site.baseUrl).href);
    expect(await page.getByRole('link', { name: ADDRESSES.CAREERS_EMAIL }).first().getAttribute('href')).toMatch(
      /^mailto:jobs@example\.org/,
    );
    expect(page.errors).toEqual([]);
    // A server and browser disagreeing on an address would be a hydration mismatch, reported here.
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('refuses to start with a SITE_URL that is not an http(s) origin, naming the variable', () => {
    for (const bad of ['www.example.org', 'https://www.example.org/shop']) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'test', SITE_URL: bad, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('SITE_URL must be');
      expect(run.stderr).toContain(bad);
    }
  });
});
