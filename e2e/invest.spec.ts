/**
 * /invest in a real browser: the figures, the video that loads nothing third-party before play,
 * the sticky early-access button past one viewport, the dark look kept to this page, and what
 * crawlers get (noindex, no sitemap entry).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openInvest() {
  const page = await openPage(browser);
  const origin = new URL(siteUrl('/')).origin;
  const thirdParty: string[] = [];
  // The site is offline in tests: answer the video host with a stub player and record the request.
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      thirdParty.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' });
    },
  );
  await page.goto(siteUrl('/invest'));
  await page.getByRole('heading', { level: 1, name: /signalwise/i }).waitFor();
  return { page, thirdParty };
}

describe('/invest', () => {
  it('shows the round, traction and pricing figures and the risk disclaimer', async () => {
    const { page } = await openInvest();
    for (const value of ['$100', '$500K', '$8M', '247', '10,000+', '+18%', '1,000+', '$25B']) {
      await page.getByText(value, { exact: true }).first().waitFor();
    }
    await page.getByText('$20', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Important risk information' }).waitFor();
    expect(await page.locator('#contact').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('embeds the player with autoplay only after the thumbnail is pressed', async () => {
    const { page, thirdParty } = await openInvest();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(thirdParty).toEqual([]);
    const playerRequest = page.waitForRequest(/youtube-nocookie\.com/);
    await page.getByRole('button', { name: 'Play the Signalwise demo video' }).click();
    const frame = page.locator('iframe[title="Signalwise demo video"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/.+[?&]autoplay=1/);
    await playerRequest;
    expect(thirdParty.some((u) => u.includes('autoplay=1'))).toBe(true);
    await page.context().close();
  });

  it('shows the sticky early-access button once scrolled past one viewport height', async () => {
    const { page } = await openInvest();
    const sticky = page.getByTestId('sticky-early-access');
    await page.evaluate(() => window.scrollTo(0, window.innerHeight));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.scrollY === window.innerHeight)).toBe(true);
    expect(await sticky.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 1));
    await sticky.waitFor();
    const link = sticky.getByRole('link');
    expect(await link.getAttribute('href')).toBe('https://forms.cardlift.example/signalwise-early-access');
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.context().close();
  });

  it('keeps its dark styling to itself', async () => {
    const { page } = await openInvest();
    const rootBg = await page
      .locator('[aria-labelledby="invest-title"]')
      .evaluate((el) => getComputedStyle(el.parentElement as Element).backgroundColor);
    const htmlBgOnInvest = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const footerOnInvest = await page.getByTestId('site-footer').evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(siteUrl('/company/about-us'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(rootBg).not.toBe(htmlBgOnInvest);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(htmlBgOnInvest);
    expect(await page.getByTestId('site-footer').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(footerOnInvest);
    await page.context().close();
  });

  it('passes WCAG 2.2 A/AA checks on its dark background, with the sticky button and the player shown', async () => {
    const { page } = await openInvest();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    await page.getByTestId('sticky-early-access').waitFor();
    const audit = () =>
      new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const violations = (r: Awaited<ReturnType<typeof audit>>) =>
      r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations(await audit())).toEqual([]);
    await page.getByRole('button', { name: 'Play the Signalwise demo video' }).click();
    await page.locator('iframe').waitFor();
    expect(violations(await audit())).toEqual([]);
    await page.context().close();
  });

  it('tells crawlers not to index it, and leaves it out of the sitemap', async () => {
    const html = await (await fetch(siteUrl('/invest'))).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const sitemap = await (await fetch(siteUrl('/sitemap.xml'))).text();
    expect(sitemap).toContain('<loc>');
    expect(sitemap).not.toMatch(/\/invest</);
  });
});
