/**
 * The menus end to end: the header's panels and the footer's columns draw exactly the links the api
 * gathers from the sections' page tables (GET /api/navigation), which the api's own tests check
 * against those tables.
 */
import type { Browser } from 'playwright-core';
import { siteConfig, type NavLink, type SiteNavigation } from '@cardlift/contracts';
import { DESKTOP, launchBrowser, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('menus', () => {
  it("lists every section's pages from the served builds, in the menus and in the footer", async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(siteUrl('/components'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const header = page.getByTestId('site-header');
    const panelLinks = async (label: string) => {
      const button = header.getByRole('button', { name: label });
      await button.click();
      const panel = page.locator(`#${(await button.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
      await panel.waitFor({ state: 'visible' });
      return panel.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    };
    const footerLinks = (column: string) =>
      page
        .getByRole('navigation', { name: `${column} links` })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The api's own test checks the lists against the page tables; here, that the frame draws them.
    const navigation = (await (await fetch(siteUrl('/api/navigation'))).json()) as SiteNavigation;
    const hrefs = (links: NavLink[]) => links.map((link) => link.href);
    expect(await panelLinks('Products')).toEqual(hrefs(navigation.header.products));
    expect(await panelLinks('Solutions')).toEqual(hrefs(navigation.header.solutions));
    expect(await panelLinks('Resources')).toEqual(hrefs(navigation.header.resources));
    expect(await panelLinks('Company')).toEqual(hrefs(navigation.header.company));
    expect(navigation.header.products).toHaveLength(6);
    expect(navigation.header.solutions).toHaveLength(7);
    expect(await footerLinks('Products')).toEqual([...hrefs(navigation.footer.products), siteConfig.sisterSite.href]);
    expect(await footerLinks('Solutions')).toEqual(hrefs(navigation.footer.solutions));
    expect(await footerLinks('Resources')).toEqual(hrefs(navigation.footer.resources));
    expect(await footerLinks('Company')).toEqual(hrefs(navigation.footer.company));
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
