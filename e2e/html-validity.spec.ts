/**
 * The HTML the server sends is valid: the W3C validator (Nu Html Checker) reads the server HTML of
 * every page of the site and reports no error. It once found two elements with id="contact" on
 * /privacy and /terms, and a jump from h1 to h3 on /products/offers-api. Needs Java 17+ (.ci/run
 * installs it); without it the check is skipped and says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteUrl } from './support/browser';
import { siteContentDir } from './support/content';
import { validateHtmlFiles, validatorUnavailable } from './support/html-validator';
import { sitePages } from './support/site-pages';

const unavailable = validatorUnavailable();
if (unavailable) console.warn(`W3C HTML validation SKIPPED: ${unavailable}`);

(unavailable ? describe.skip : describe)('the HTML the server sends', () => {
  it('passes the W3C validator on every page: static pages, each kind of content page, the not-found page', async () => {
    const pages = sitePages(siteContentDir());
    // Not a vacuous pass: the list has every kind of page and status.
    expect(new Set(pages.map((p) => p.status))).toEqual(new Set([200, 404, 410]));
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/privacy', '/products/offers-api', '/components', '/invest']));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-vnu-'));
    const fileOf = new Map<string, string>();
    for (const [i, page] of pages.entries()) {
      const response = await fetch(siteUrl(page.path));
      expect({ path: page.path, status: response.status }).toEqual({ path: page.path, status: page.status });
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, await response.text());
      fileOf.set(`file:${file}`, page.path);
    }

    const messages = await validateHtmlFiles([...fileOf.keys()].map((url) => url.slice('file:'.length)));
    // The stylesheets are inlined now, and the validator's CSS checker predates CSS the site's sheets
    // use (@property, @layer, nesting, margin-trim): CSS is Tailwind's and the browsers' business, and
    // the HTML is still checked whole, as it was when the sheets were linked files it never read.
    // Its schema also predates `<link rel="expect" blocking="render">` (in the HTML standard, and in
    // Chromium since 124), which it takes for a `blocking` attribute only stylesheets may have: that
    // message is set aside for the line holding the expect link, and only there.
    const lineOf = (m: { url?: string; lastLine?: number }) =>
      fs.readFileSync((m.url ?? '').slice('file:'.length), 'utf8').split('\n')[(m.lastLine ?? 0) - 1] ?? '';
    const predatesExpect = (m: { message: string; url?: string; lastLine?: number }) =>
      m.message.startsWith('A “link” element with a “blocking” attribute') &&
      /<link rel="expect" href="#[\w-]+" blocking="render">/.test(lineOf(m));
    const problems = messages
      .filter((m) => m.type !== 'info' && !m.message.startsWith('CSS:') && !predatesExpect(m))
      .map((m) => `${fileOf.get(m.url ?? '') ?? m.url} line ${m.lastLine}: ${m.message}`);
    expect(problems).toEqual([]);
  }, 180_000);
});
