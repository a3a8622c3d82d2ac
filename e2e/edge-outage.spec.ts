/**
 * Outages at the edge, with real Varnish. A cache that cannot be purged for 10 s gets the purge once
 * it is back, and meanwhile the origin keeps the touched pages short-lived everywhere. With every
 * origin stopped, the cache still serves every page it has, and the contact form says plainly that
 * nothing was sent: in the page with script (what was typed kept), and as the cached "message not
 * sent" page without it. Nothing is ever acknowledged that was not stored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { contactSubmission } from '../api/test/contact-submission';
import { openSqlitePurgedRegistry } from '../api/src/script-stores';
import { launchBrowser, openPage } from './support/browser';
import { contactForm, fillContactForm } from './support/contact-form';
import { REPO_ROOT } from './support/site';
import { contentApi } from '../api/test/content-api-client';
import { describeBehindVarnish, edgeGet, MAIN_PAGES, startEdgeSite, waitForHealthy, type EdgeSite } from './support/edge';

const PUBLISHER = 'edge-outage-publisher';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const POST = 'measuring-incrementality';
const OVERDUE_TTL = 3;

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describeBehindVarnish('a cache that cannot be purged for 10 s', () => {
  let edge: EdgeSite;
  beforeAll(async () => {
    edge = await startEdgeSite(
      {
        CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
        CONTENT_TOKEN_PUBLISHER: `${sha256(PUBLISHER)}:publisher`,
        EDGE_OVERDUE_TTL: String(OVERDUE_TTL),
        EDGE_PURGE_OVERDUE_MS: '500',
      },
      2,
    );
  }, 90_000);
  afterAll(() => edge?.stop());

  it('is purged once it is back, and the touched page is kept briefly everywhere meanwhile', async () => {
    const [up, down] = edge.caches as [(typeof edge.caches)[0], (typeof edge.caches)[0]];
    for (const cache of edge.caches) for (let i = 0; i < 2; i++) await edgeGet(cache.url, `/blog/${POST}`);
    await down.stop();
    const post = (await (await fetch(`${edge.site.baseUrl}/api/blog/${POST}`)).json()) as object;
    const title = `Measured while a cache was down ${crypto.randomUUID()}`;
    const content = contentApi(edge.site.baseUrl, PUBLISHER);
    await content.save(`blog/${POST}`, { ...post, title }).expect(200);
    await content.publish(`blog/${POST}`).expect(200);
    const downAt = Date.now();
    // The cache that is up is purged at once.
    await until(async () => (await edgeGet(up.url, `/blog/${POST}`)).body.includes(title), 1000, 'the cache that is up');
    // Overdue: the origin answers the touched page for a few seconds only, any other page as usual.
    await until(
      async () => (await edgeGet(edge.site.baseUrl, `/blog/${POST}`)).headers.get('cache-control')!.includes(`s-maxage=${OVERDUE_TTL},`),
      3000,
      'a short TTL while the purge is overdue',
    );
    expect((await edgeGet(edge.site.baseUrl, '/invest')).headers.get('cache-control')).toMatch(/s-maxage=3600,/);
    const registry = openSqlitePurgedRegistry(edge.site.dataDir);
    try {
      expect((await registry.purges.backlog()).pending).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - downAt))));
      await down.start();
      await waitForHealthy(down.url);
      // Whatever it caches of the page before its purge arrives, it keeps a few seconds at most.
      const cached = await edgeGet(down.url, `/blog/${POST}`);
      expect(cached.body).toContain(title);
      expect(Number(cached.headers.get('age') ?? 0)).toBeLessThanOrEqual(OVERDUE_TTL);
      await until(async () => (await registry.purges.backlog()).pending === 0, 7000, 'the purge sent to the cache back up');
    } finally {
      await registry.close();
    }
    // Delivered everywhere: the page is kept as long as any again.
    await until(
      async () => /s-maxage=3600,/.test((await edgeGet(edge.site.baseUrl, `/blog/${POST}`)).headers.get('cache-control')!),
      2000,
      'the full TTL once the purge is delivered',
    );
  });
});

describeBehindVarnish('every origin down', () => {
  let edge: EdgeSite;
  let browser: Browser;
  beforeAll(async () => {
    // Pages go stale within seconds here, so what is served below is served stale.
    edge = await startEdgeSite({ CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '', PAGE_EDGE_TTL: '1', PAGE_STALE_WHILE_REVALIDATE: '1' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await edge?.stop();
  });

  it('serves every page it has, and the form says nothing was sent, with and without script', async () => {
    const cache = edge.caches[0]!.url;
    for (const path of [...MAIN_PAGES, '/contact-not-sent']) expect((await edgeGet(cache, path)).status).toBe(200);
    // A visitor's browser has loaded the page and its code through the cache.
    const page = await openPage(browser);
    await page.goto(`${cache}/company/about-us`);
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    // The form's code (loaded on demand) is in: the enhanced select shows.
    await form.getByRole('combobox', { name: 'How can we help?' }).waitFor();
    // Earlier visitors have had every part of the shell's code through the cache (parts load on demand).
    for (const file of fs.readdirSync(path.join(REPO_ROOT, 'shell', 'dist', 'assets')).filter((f) => f.endsWith('.js')))
      expect((await edgeGet(cache, `/assets/${file}`)).status).toBe(200);
    const leadsBefore = edge.origin.requests.filter((r) => r.method === 'POST').length;

    await edge.site.stop();
    await until(async () => (await edgeGet(cache, '/api/health')).status === 503, 10_000, 'the probe noticing');
    for (const path of MAIN_PAGES) {
      const stale = await edgeGet(cache, path);
      expect([path, stale.status, stale.hit]).toEqual([path, 200, true]);
    }

    // Without script: the cached page that says so, never a thanks.
    const { agreeToUpdates: _, ...entries } = contactSubmission();
    const posted = await fetch(`${cache}/company/about-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams(entries).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(503);
    const unsent = await posted.text();
    expect(unsent).toContain('your message was not sent');
    expect(unsent).toContain('mailto:sales@cardlift.example');
    expect(unsent).not.toContain('<script');

    // With script: the form says so, and keeps what was typed.
    await fillContactForm(page, form, { ...entries, help: 'Other' });
    await form.getByRole('button', { name: 'Submit' }).click();
    const alert = form.getByRole('alert').filter({ hasText: 'Your message was not sent' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('sales@cardlift.example');
    expect(await form.getByLabel('Company').inputValue()).toBe(entries.company);
    expect(await page.getByText("Thank you for your message! We'll get back to you soon.").count()).toBe(0);
    expect(edge.origin.requests.filter((r) => r.method === 'POST').length).toBe(leadsBefore);
  });
});
