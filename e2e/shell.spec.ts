/**
 * The shell's frame end to end: desktop disclosure menus and the phone menu, scroll
 * inversion of the header, the announcement bar offset, scroll lock, the F8 notification region, and
 * a real Talk to Sales submission from the browser that lands in the api's database.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { signInUrl } from '@cardlift/contracts';
import { afterEvent, DESKTOP, framesDrawn, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';
import { fillContactForm } from './support/contact-form';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type TestPage = Page & { errors: string[] };

/** /components is the shell's own page: the frame is tested without depending on a remote. */
async function open(pathname = '/components', options = DESKTOP, banners?: unknown): Promise<TestPage> {
  const page = await openPage(browser, options);
  if (banners !== undefined) {
    await page.route('**/api/banners', (route) => route.fulfill({ json: banners }));
    // The api inlines the real banner into the HTML; drop that copy so the page asks for (our) banner.
    await page.route(siteUrl(pathname), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="cardlift-data">[\s\S]*?<\/script>/,
        '<script type="application/json" id="cardlift-data">[]</script>',
      );
      await route.fulfill({ response, body });
    });
  }
  await page.goto(siteUrl(pathname));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

const header = (page: Page) => page.getByTestId('site-header');
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('desktop header', () => {
  it('opens each menu at its width, one at a time, with aria-expanded', async () => {
    const page = await open();
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    for (const [label, width] of [
      ['Products', 600],
      ['Solutions', 700],
      ['Resources', 320],
      ['Company', 320],
    ] as const) {
      const button = nav.getByRole('button', { name: label });
      await button.click();
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      const panel = page.locator(`#${(await button.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
      await panel.waitFor({ state: 'visible' });
      expect((await panel.boundingBox())?.width).toBeCloseTo(width, 0);
      expect(await nav.locator('button[aria-expanded="true"]').count()).toBe(1);
    }
    await page.context().close();
  });

  it('is keyboard operable: Escape closes the menu and returns focus to its button', async () => {
    const page = await open();
    const products = header(page).getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toMatch(/^Offers Network/);
    await page.keyboard.press('Escape');
    await expect(products.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await activeText(page)).toBe('Products');
    await page.context().close();
  });

  it('navigates inside the site for / links and opens Sign In in a new tab', async () => {
    const page = await open();
    const signIn = header(page).getByRole('link', { name: /sign in/i });
    expect(await signIn.getAttribute('href')).toBe(signInUrl());
    expect(await signIn.getAttribute('target')).toBe('_blank');
    await header(page).getByRole('button', { name: 'Resources' }).click();
    await header(page)
      .getByRole('link', { name: /case studies/i })
      .click();
    await page.waitForURL(/\/case-studies$/);
    expect(page.context().pages()).toHaveLength(1);
    await page.context().close();
  });

  it('turns black within 200px of the contact section and white again above it', async () => {
    const page = await open('/components', DESKTOP, { primary: null, secondary: null });
    expect(await header(page).getAttribute('data-inverted')).toBe('false');
    const scrollContactTo = async (gap: number) => {
      await page.evaluate((g) => {
        const contact = document.getElementById('contact')!;
        const headerBottom = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect().bottom;
        window.scrollBy(0, contact.getBoundingClientRect().top - headerBottom - g);
      }, gap);
    };
    await scrollContactTo(260);
    await framesDrawn(page);
    expect(await header(page).getAttribute('data-inverted')).toBe('false');
    await scrollContactTo(150);
    await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-inverted') === 'true');
    // The colour change is a 300 ms transition.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('[data-testid="site-header"]')!).backgroundColor === 'rgb(0, 0, 0)',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-inverted') === 'false');
    await page.context().close();
  });
});

describe('forced inversion and accessibility', () => {
  it('is black from the top on a page that forces it (/invest)', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(siteUrl('/invest'));
    await page.waitForFunction(() => document.querySelector('[data-testid="site-header"]')?.getAttribute('data-inverted') === 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('has no WCAG 2.2 AA violations in the frame: banner, header with an open menu, design-system page, contact form, footer', async () => {
    const page = await open('/components', DESKTOP, {
      primary: { text: 'The Offers API is live', link: '/products/offers-api' },
      secondary: null,
    });
    await page.evaluate(() => window.dispatchEvent(new Event('cardlift:contact-requested')));
    await page.getByRole('form', { name: 'Talk to Sales' }).waitFor();
    await header(page).getByRole('button', { name: 'Products' }).click();
    const results = await new AxeBuilder({ page: page as never })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  });
});

describe('announcement bar', () => {
  const banners = { primary: { text: 'The Offers API is live', link: '/products/offers-api' }, secondary: null };

  it('shows the primary banner 36px high and keeps the sticky header 36px lower', async () => {
    const page = await open('/components', DESKTOP, banners);
    const bar = page.getByTestId('announcement-bar');
    await bar.getByRole('link', { name: /offers api is live/i }).waitFor();
    expect((await bar.boundingBox())?.height).toBe(36);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await framesDrawn(page);
    expect((await header(page).boundingBox())?.y).toBe(36);
    expect((await header(page).boundingBox())?.height).toBe(66);
    await page.context().close();
  });

  it('is absent without a primary banner, and the header sits at the top', async () => {
    const page = await open('/components', DESKTOP, { primary: null, secondary: null });
    await page.waitForFunction(() => !document.querySelector('[data-testid="announcement-bar"]'));
    await page.evaluate(() => window.scrollTo(0, 1500));
    await framesDrawn(page);
    expect((await header(page).boundingBox())?.y).toBe(0);
    await page.context().close();
  });
});

describe('phone menu (390px)', () => {
  it('fills the screen, keeps one accordion section open, locks page scroll and gives focus back on Escape', async () => {
    const page = await open('/components', PHONE);
    expect(await header(page).getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 400));
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });

    const products = dialog.getByRole('button', { name: 'Products' });
    const solutions = dialog.getByRole('button', { name: 'Solutions' });
    await products.click();
    await dialog.getByRole('link', { name: 'Offers API' }).waitFor();
    await solutions.click();
    await expect(products.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(solutions.getAttribute('aria-expanded')).resolves.toBe('true');
    await solutions.click();
    await expect(solutions.getAttribute('aria-expanded')).resolves.toBe('false');
    await dialog.getByText('© 2025 Cardlift, Inc.').waitFor();

    // Scroll lock: neither the wheel nor the keyboard moves the page behind the menu.
    await afterEvent(page, 'wheel', () => page.mouse.wheel(0, 800));
    await afterEvent(page, 'keydown', () => page.keyboard.press('PageDown'));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).overflow + getComputedStyle(document.body).overflow),
    ).toContain('hidden');

    // Focus stays inside the menu.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction((before) => window.scrollY > before, scrollBefore);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('navigates from the menu and closes it', async () => {
    const page = await open('/components', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('button', { name: 'Company' }).click();
    await dialog.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(/\/company\/about-us$/);
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('notifications', () => {
  it('F8 moves focus to the notification region', async () => {
    const page = await open();
    await page.keyboard.press('F8');
    // The region's code loads on this first use; focus lands as soon as it is there.
    const focused = await page.waitForFunction(
      () => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'),
      undefined,
      { timeout: 5000 },
    );
    expect(await focused.jsonValue()).toBe('Notifications (F8)');
    await page.context().close();
  });
});

describe('contact form', () => {
  it('submits from the browser to the real api, thanks the visitor, clears the form and stores the lead', async () => {
    const page = await open();
    // The form's code loads when its section comes near the viewport.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.locator('#contact').getByRole('form', { name: 'Talk to Sales' });
    const email = `e2e-${Date.now()}@example.com`;
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please tell us how we can help').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).autocomplete)).toBe('given-name');

    await fillContactForm(page, form, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      jobTitle: 'Rear Admiral',
      company: 'Navy Labs',
      help: 'Data & Insights',
    });
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);

    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    const answer = await response;
    expect(answer.status()).toBe(201);
    const body = (await answer.json()) as { id: string; message: string };
    expect(body).toEqual({ id: expect.any(String), message: expect.any(String) });
    expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      jobTitle: 'Rear Admiral',
      company: 'Navy Labs',
      businessHelp: 'data-insights',
      agreeToUpdates: false,
      // The visit started on this page, with no campaign and no other site linking here.
      attribution: { landingPage: '/components' },
    });
    await page.getByTestId('toast-viewport').getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('');

    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
    const db = new Database(path.join(dataDir, 'leads.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('SELECT email, business_help FROM leads WHERE id = ?').get(body.id) as
        { email: string; business_help: string } | undefined;
      expect(row).toEqual({ email, business_help: 'data-insights' });
    } finally {
      db.close();
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
