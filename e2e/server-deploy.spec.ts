/**
 * A server deploy nobody notices. Tabs are open on `/`, `/company/careers` and `/invest` (a phone);
 * the server stops, the shell is rebuilt with a visible change (the footer) and a changed lazy chunk
 * (the contact form's), and the server starts again on the same data and port. In every old tab the
 * contact form, the header menus, a client-side visit to every section and a submitted lead work
 * with no console error, no failed request and no failure panel; a reload shows the new shell.
 *
 * And a tab opened before a section's first release keeps the files it started with when the
 * checkout's build of that section is rebuilt with a change and the server restarted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { contactForm, fillContactForm, THANKS } from './support/contact-form';
import { buildChangedShell, CHANGED_FOOTER } from '../api/test/changed-shell';
import { copyOfBuiltSite, errorPanels, navigateInTab, rewriteBuiltFile, watchTab, type TabTrouble } from './support/skew';
import { freePort, startSite, type Site } from './support/site';
import { viewTokenTraded } from './support/view-token';

const nextShell = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-shell-next-'));
let browser: Browser;

beforeAll(async () => {
  await buildChangedShell(nextShell);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  fs.rmSync(nextShell, { recursive: true, force: true });
});

interface Tab {
  page: Page & { errors: string[] };
  trouble: TabTrouble;
  phone: boolean;
}

async function openTab(site: Site, pathname: string, phone = false): Promise<Tab> {
  const page = await openPage(browser, phone ? PHONE : DESKTOP);
  const trouble = watchTab(page);
  // Loaded and settled (its page view traded) before the deploy: a tab whose first requests meet a
  // stopped server sees refused connections, which is the deploy's gap, not what these tests judge.
  // The trade is awaited itself: the reporter loads once the page is idle, which on a busy machine
  // can come after a quiet half second that 'networkidle' already took as settled.
  const traded = viewTokenTraded(page);
  await page.goto(`${site.baseUrl}${pathname}`, { waitUntil: 'networkidle' });
  await traded;
  return { page, trouble, phone };
}

/** The site again on the same data and port, as a deploy restarts it. */
const restart = async (site: Site, env: Record<string, string>) => {
  await site.stop();
  return startSite({ ...env, DATA_DIR: site.dataDir, PORT: String(site.port) });
};

async function openMenus(tab: Tab): Promise<void> {
  const { page } = tab;
  if (tab.phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    return;
  }
  await page.getByTestId('site-header').getByRole('button', { name: 'Products' }).click();
  await page.locator('[data-menu="products"]').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
}

/** Talk to Sales, then the form's own code (its styled select) must arrive. */
async function openContactForm(tab: Tab): Promise<void> {
  const { page } = tab;
  await page.locator('main a[href="#contact"], header a[href="#contact"]').first().click();
  await contactForm(page).locator('button[role="combobox"]').waitFor({ timeout: 20_000 });
}

describe('a server deploy with a changed shell', () => {
  let site: Site;
  const siteRoot = copyOfBuiltSite();
  afterAll(async () => {
    await site?.stop();
    fs.rmSync(siteRoot, { recursive: true, force: true });
  });

  it('leaves every open tab working, and a reload shows the new shell', async () => {
    site = await startSite({ SITE_ROOT: siteRoot });
    const tabs = [await openTab(site, '/'), await openTab(site, '/company/careers'), await openTab(site, '/invest', true)];

    fs.rmSync(path.join(siteRoot, 'shell', 'dist'), { recursive: true });
    fs.cpSync(nextShell, path.join(siteRoot, 'shell', 'dist'), { recursive: true });
    site = await restart(site, { SITE_ROOT: siteRoot });

    for (const tab of tabs) {
      await openContactForm(tab);
      await openMenus(tab);
      for (const pathname of ['/products/card-linked-offers', '/case-studies', '/company/about-us', '/invest', '/']) {
        await navigateInTab(tab.page, pathname);
        expect(await errorPanels(tab.page)).toBe(0);
      }
    }
    const [first] = tabs;
    await openContactForm(first!);
    await fillContactForm(first!.page, contactForm(first!.page), {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `deploy-${Date.now()}@example.com`,
      jobTitle: 'Admiral',
      company: 'Navy',
      help: 'Talk to Sales',
    });
    await contactForm(first!.page).getByRole('button', { name: 'Submit' }).click();
    await first!.page.locator('section#contact').getByText(THANKS).waitFor({ timeout: 20_000 });

    for (const tab of tabs) {
      expect(tab.trouble).toEqual({ pageErrors: [], consoleErrors: [], failedRequests: [] });
      expect(await errorPanels(tab.page)).toBe(0);
    }
    await first!.page.reload();
    await first!.page.locator('footer').getByText(CHANGED_FOOTER).waitFor();
    for (const tab of tabs) await tab.page.context().close();
  });
});

describe("a tab opened before a section's first release", () => {
  let site: Site;
  const siteRoot = copyOfBuiltSite();
  afterAll(async () => {
    await site?.stop();
    fs.rmSync(siteRoot, { recursive: true, force: true });
  });

  it("keeps the section's original files after its checkout build is rebuilt with a change and the server restarted", async () => {
    site = await startSite({ SITE_ROOT: siteRoot, PORT: String(await freePort()) });
    const tab = await openTab(site, '/');

    const dist = path.join(siteRoot, 'mf-invest', 'dist');
    const expose = fs.readdirSync(path.join(dist, 'assets')).find((file) => /^__federation_expose_routes\..*\.js$/.test(file))!;
    rewriteBuiltFile(path.join(dist, 'assets', expose), 'Traction so far', 'Traction this year');
    // A build rewrites its manifest too.
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), fs.readFileSync(path.join(dist, 'mf-manifest.json')));
    site = await restart(site, { SITE_ROOT: siteRoot });

    await navigateInTab(tab.page, '/invest');
    await tab.page.getByRole('heading', { name: 'Traction so far' }).waitFor();
    expect(tab.trouble).toEqual({ pageErrors: [], consoleErrors: [], failedRequests: [] });

    const fresh = await openTab(site, '/invest');
    await fresh.page.getByRole('heading', { name: 'Traction this year' }).waitFor();
    for (const page of [tab.page, fresh.page]) await page.context().close();
  });
});
