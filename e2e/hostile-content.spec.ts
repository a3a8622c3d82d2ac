/**
 * Markup typed into content is text, in every text field of every kind: an item of each kind gets
 * HTML and script in each string field its schema accepts them in, is published through the content
 * API, and its pages are opened in Chromium. No script runs, no element is made from the words, the
 * words show as typed, the JSON-LD parses back to them, and hydration agrees with the server HTML.
 */
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { CONTENT_KIND_SCHEMAS, type ContentKind } from '@cardlift/contracts';
import { launchBrowser, openPage } from './support/browser';
import { startSite, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const HOSTILE = `Q3 </script><script>window.__ran = 1</script><img src=x onerror="window.__ran = 2"> <!-- & 'it' "is" </title><b id="made">bold</b>`;

/** One item of each kind, and the pages that show it. */
const ITEMS: { kind: ContentKind; id: string; pages: string[] }[] = [
  { kind: 'casestudies', id: 'sling-tv-case-study', pages: ['/case-studies/sling-tv-case-study', '/'] },
  { kind: 'blog', id: 'merchants-announcement', pages: ['/blog/merchants-announcement', '/blog'] },
  { kind: 'jobs', id: 'client-success-manager', pages: ['/company/careers/client-success-manager', '/company/careers'] },
  { kind: 'banners', id: 'site', pages: ['/'] },
];

/**
 * The item with HOSTILE in every string its schema still accepts with it (ids, dates, addresses
 * and choices refuse it and keep their value), but for references to other items (`blogPostId`),
 * which a publish checks point somewhere. Answers the item and how many fields took it.
 */
function withHostileText(kind: ContentKind, item: unknown): { item: unknown; fields: number } {
  const schema = CONTENT_KIND_SCHEMAS[kind];
  let current = item;
  let fields = 0;
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, at: (string | number)[]) => {
    if (typeof value === 'string' && !/Id$/.test(String(at.at(-1)))) paths.push(at);
    else if (Array.isArray(value)) value.forEach((entry, i) => walk(entry, [...at, i]));
    else if (value && typeof value === 'object') for (const [key, entry] of Object.entries(value)) walk(entry, [...at, key]);
  };
  walk(item, []);
  for (const at of paths) {
    const next = structuredClone(current) as Record<string | number, unknown>;
    let parent = next;
    for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    parent[at.at(-1)!] = HOSTILE;
    if (schema.safeParse(next).success) {
      current = next;
      fields += 1;
    }
  }
  return { item: current, fields };
}

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ CONTENT_TOKEN_PUBLISHER: `${crypto.createHash('sha256').update(TOKEN).digest('hex')}:publisher` });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${site.baseUrl}/api/content/${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'If-Match': '*' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe.each(ITEMS)('markup in every text field of $kind', ({ kind, id, pages }) => {
  it('publishes as text on each page that shows it', async () => {
    const loaded = (await (await call('GET', `${kind}/${id}`)).json()) as { content: unknown };
    const { item, fields } = withHostileText(kind, loaded.content);
    expect(fields).toBeGreaterThan(kind === 'banners' ? 1 : 4);
    expect((await call('PUT', `${kind}/${id}`, item)).status).toBe(200);
    const published = await call('POST', `${kind}/${id}/publish`, {});
    expect([published.status, published.status === 200 ? '' : await published.text()]).toEqual([200, '']);

    for (const path of pages) {
      const html = await (await fetch(`${site.baseUrl}${path}`)).text();
      expect({ path, injected: /<script>window|<b id="made"|<img src=x/.test(html) }).toEqual({ path, injected: false });
      for (const [, block] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
        expect(() => JSON.parse(block!)).not.toThrow();
      }

      const page = await openPage(browser);
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      await page.goto(`${site.baseUrl}${path}`);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      const seen = await page.evaluate(() => ({
        ran: (window as { __ran?: number }).__ran ?? null,
        made: document.getElementById('made') !== null,
        shown: document.body.innerText.includes('<b id="made">bold</b>'),
      }));
      expect({ path, ...seen }).toEqual({ path, ran: null, made: false, shown: true });
      expect({ path, errors: page.errors, consoleErrors }).toEqual({ path, errors: [], consoleErrors: [] });
      await page.context().close();
    }
  }, 60_000);
});
