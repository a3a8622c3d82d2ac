/**
 * mf-marketing end to end: every route of the remote with its texts and figures,
 * the home's data from the real api, the count-ups, the FAQ, the Offers API typing demo (with and
 * without reduced motion), the server-sent metadata, and WCAG 2.2 AA checks of each page's main.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';

interface ApiCaseStudy {
  id: string;
  title: string;
}
interface ApiBanners {
  secondary: { text: string; link: string; blogPostId: string } | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, options = DESKTOP): Promise<Page & { errors: string[] }> {
  const page = await openPage(browser, options);
  await page.goto(siteUrl(path));
  return page;
}

async function h1(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
}

/** WCAG 2.2 A/AA checks of this remote's part of the page (the frame is the shell's to check). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page: page as never })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Scrolls each figure into view and waits until its count-up has landed on the exact figure. */
async function expectCountUps(page: Page, figures: readonly string[]) {
  for (const figure of figures) {
    // The accessible text holds the final figure from the start.
    expect(await page.locator('main .sr-only', { hasText: figure }).count()).toBeGreaterThan(0);
    const shown = page.locator('main [aria-hidden="true"]').filter({ hasText: new RegExp(`^${figure.replace(/[$+.]/g, '\\$&')}$`) });
    await page.locator('main .sr-only', { hasText: figure }).first().scrollIntoViewIfNeeded();
    await shown.first().waitFor({ timeout: 5_000 });
  }
}

async function expectTexts(page: Page, texts: readonly (string | RegExp)[]) {
  for (const text of texts) await page.locator('main').getByText(text).first().waitFor({ timeout: 5_000 });
}

const SOLUTIONS = [
  { path: '/solutions/retail', name: 'Retail' },
  { path: '/solutions/essentials', name: 'Essentials' },
  { path: '/solutions/subscriptions-streaming', name: 'Subscriptions + Streaming' },
  { path: '/solutions/financial-institutions', name: 'Financial Institutions' },
  { path: '/solutions/restaurants-food-delivery', name: 'Restaurants + Food Delivery' },
  { path: '/solutions/travel-ride-share', name: 'Travel + Ride Share' },
  { path: '/solutions/agencies', name: 'Agencies' },
] as const;

const COVERAGE = ['Nationwide cardholder reach', 'Online and in-store', 'Closed-loop measurement'];

describe('home', () => {
  it('shows the hero, banner pill, proof pills, products, banks and the first 3 case studies from the api', async () => {
    const studies = (await (await fetch(siteUrl('/api/casestudies'))).json()) as ApiCaseStudy[];
    const banners = (await (await fetch(siteUrl('/api/banners'))).json()) as ApiBanners;
    const page = await open('/');
    await h1(page, /card-linked offers/i);
    await expectTexts(page, ['200+ million cardholders', '1:1 client success support', 'Leading iROAS']);
    if (banners.secondary) {
      await page.getByRole('link', { name: new RegExp(banners.secondary.text) }).waitFor();
      const learnMore = page.getByRole('link', { name: /^Learn More/ });
      expect(await learnMore.count()).toBe(banners.secondary.blogPostId === 'default' ? 0 : 1);
      if (banners.secondary.blogPostId !== 'default') expect(await learnMore.getAttribute('href')).toBe('/products/card-linked-offers');
    }
    expect(await page.getByRole('link', { name: /explore card-linked offers/i }).getAttribute('href')).toBe('/products/card-linked-offers');
    expect(await page.getByRole('link', { name: /explore the offers network/i }).getAttribute('href')).toBe('/products/offers-network');
    expect(await page.getByRole('img', { name: 'Northwind Bank' }).count()).toBe(1);

    const results = page.getByRole('region', { name: 'See the results' });
    await results.getByRole('link', { name: studies[0]!.title }).waitFor({ timeout: 10_000 });
    const hrefs = await results.locator('ul a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(studies.slice(0, 3).map((s) => `/case-studies/${s.id}`));
    expect(await results.getByRole('link', { name: /view all case studies/i }).getAttribute('href')).toBe('/case-studies');
    await expectAccessible(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('scrolls to the contact form from Talk to Sales and follows a product card', async () => {
    const page = await open('/');
    await h1(page, /card-linked offers/i);
    await page.getByRole('link', { name: 'Talk to Sales' }).first().click();
    await page.waitForFunction(() => {
      const box = document.getElementById('contact')?.getBoundingClientRect();
      return !!box && box.top < window.innerHeight && box.bottom > 0;
    });
    await page.getByRole('link', { name: /explore the offers network/i }).click();
    await h1(page, /cardholders you cannot reach alone/i);
    await page.context().close();
  });

  it('sends crawlers the home metadata with Organization JSON-LD', async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    expect(html).toContain('<title>Cardlift | Card-linked offers that bring customers back</title>');
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('<link rel="canonical" href="https://www.cardlift.example/"');
  });
});

describe('product pages', () => {
  it('/products/offers-network: features with 200M and 10x, about 10 brand logos', async () => {
    const page = await open('/products/offers-network');
    await h1(page, /cardholders you cannot reach alone/i);
    for (const name of ['Easy Onboarding', 'Straightforward Economics', 'Card-Linked Offers']) {
      await page.getByRole('heading', { level: 3, name }).waitFor();
    }
    await expectTexts(page, ['200M', '10x', /over 200M additional customers/, /average 10x performance increase/]);
    expect(await page.locator('main img').count()).toBe(10);
    await expectAccessible(page);
    await page.context().close();
  });

  it('/products/card-linked-offers: count-ups land on the four figures, logos, five-question FAQ', async () => {
    const page = await open('/products/card-linked-offers');
    await h1(page, 'Drive incrementality with card-linked offers');
    await expectCountUps(page, ['2M+', '$155B', '11x', '360°']);
    await expectTexts(page, ['Consumers reach', 'Total spend', 'Average return on ad spend', 'View of member wallets']);
    expect(await page.locator('main img').count()).toBeGreaterThanOrEqual(8);
    // Native disclosures: one open at a time, the open one closes when pressed, Enter and Space too.
    const questions = page.locator('main details > summary');
    const openCount = () => page.locator('main details[open]').count();
    expect(await questions.count()).toBe(5);
    await questions.nth(0).click();
    await questions.nth(1).click();
    expect(await openCount()).toBe(1);
    expect(
      await page
        .locator('main details')
        .nth(1)
        .evaluate((d: HTMLDetailsElement) => d.open),
    ).toBe(true);
    await questions.nth(1).click();
    expect(await openCount()).toBe(0);
    await questions.nth(2).focus();
    await page.keyboard.press('Enter');
    expect(await openCount()).toBe(1);
    await page.keyboard.press('Space');
    expect(await openCount()).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it('/products/transactional-data: figures, offerings, Talk to Sales, coverage, logos, six FAQ items', async () => {
    const page = await open('/products/transactional-data');
    await h1(page, /consumer spending data/i);
    await expectCountUps(page, ['29M+', '3.1B', '$364B+', '35.9M']);
    await expectTexts(page, ['Panel users', 'Transactions', 'Spend tracked', 'Accounts monitored']);
    await expectTexts(page, [/over 1200 companies and 1500 brands/, /curated daily feed/i, /model-ready/i, ...COVERAGE]);
    expect(await page.getByRole('link', { name: /talk to sales/i }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('main details > summary h3').count()).toBe(6);
    await expectAccessible(page);
    await page.context().close();
  });

  it('/products/offers-api: sections, scroll links, security, payouts, use cases, three-question FAQ', async () => {
    const page = await open('/products/offers-api');
    await h1(page, /offers api/i);
    expect(await page.getByRole('img', { name: 'Summit Trust' }).count()).toBe(1);
    for (const step of ['Get your API keys', 'Integrate the SDK', 'Configure your offers', 'Go live']) {
      await page.getByRole('heading', { level: 3, name: step }).waitFor();
    }
    await expectTexts(page, [
      /encryption/i,
      'OAuth 2.0 authorisation',
      'SOC 2 Type II audited',
      'Automated monthly payouts',
      'Transparent commission',
    ]);
    for (const useCase of ['Banking', 'Fintech', 'Publishers', 'Loyalty'])
      await page.getByRole('heading', { level: 3, name: useCase }).waitFor();
    const faq = page.locator('main details > summary h3');
    expect(await faq.allTextContents()).toEqual([
      'What types of offers are available?',
      'How are offers matched to cardholders?',
      'Is there a sandbox for testing?',
    ]);
    await page.getByRole('link', { name: /see how you get paid/i }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'get-paid');
    await expectAccessible(page);
    await page.context().close();
  });

  it('/products/offers-api: the demo types, shows the Active API response, then Next moves on', async () => {
    const page = await open('/products/offers-api');
    await h1(page, /offers api/i);
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Transportation', 'Entertainment', 'Travel']);
    // Screen readers get the whole sample at once, whatever the animation shows.
    expect(await page.locator('[role="tabpanel"] pre[class~="mk:sr-only"]').textContent()).toContain("category: 'transportation'");
    // Nothing types before the demo is on screen.
    await page.waitForTimeout(300);
    expect(await page.getByTestId('typed-code').locator('pre').nth(1).textContent()).toBe('');
    await tabs.first().scrollIntoViewIfNeeded();
    const card = page.getByRole('article', { name: 'API response' });
    await card.waitFor({ timeout: 10_000 });
    await card.getByText('Active').waitFor();
    await card.getByText('Velo Rides').waitFor();
    await page.getByRole('button', { name: /next/i }).click();
    expect(await page.getByRole('tab', { name: 'Entertainment' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Pause animation' }).click();
    await page.getByRole('button', { name: 'Play animation' }).waitFor();
    await page.context().close();
  });

  it('/products/offers-api with reduced motion: full code and response at once, no auto-advance', async () => {
    const page = await open('/products/offers-api', { ...DESKTOP, reducedMotion: 'reduce' });
    await h1(page, /offers api/i);
    await page.getByRole('article', { name: 'API response' }).waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('typed-code').textContent()).toContain('cardlift.offers.activate');
    expect(await page.getByRole('button', { name: /pause animation/i }).count()).toBe(0);
    await page.getByRole('button', { name: /next/i }).waitFor();
    await page.context().close();
  });

  for (const path of ['/products/merchants', '/products/publishers']) {
    it(`${path}: in-progress placeholder with a Home button`, async () => {
      const page = await open(path);
      await h1(page, /cardlift for/i);
      await page.getByText(/this page is in progress/i).waitFor();
      await page.locator('main').getByRole('link', { name: 'Home', exact: true }).click();
      await h1(page, /card-linked offers/i);
      await page.context().close();
    });
  }
});

describe('solution pages', () => {
  for (const solution of SOLUTIONS) {
    it(`${solution.path}: own hero, the three coverage features and the brand logos`, async () => {
      const html = await (await fetch(siteUrl(solution.path))).text();
      expect(html).toContain(`<title>${solution.name} Solutions | Cardlift</title>`);
      const page = await open(solution.path);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.locator('main').getByText(solution.name, { exact: true }).first().waitFor();
      for (const feature of COVERAGE) await page.getByRole('heading', { level: 3, name: feature }).waitFor();
      expect(await page.locator('main img').count()).toBe(10);
      await expectAccessible(page);
      await page.context().close();
    });
  }

  it('each solution has its own headline', async () => {
    const headlines = new Set<string>();
    const page = await openPage(browser);
    for (const solution of SOLUTIONS) {
      await page.goto(siteUrl(solution.path));
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor({ timeout: 20_000 });
      headlines.add((await heading.textContent()) ?? '');
    }
    expect(headlines.size).toBe(SOLUTIONS.length);
    await page.context().close();
  });
});

describe('the remote as a whole', () => {
  it('shows the not-found page for unknown product and solution paths', async () => {
    for (const path of ['/products/unknown', '/solutions/unknown']) {
      expect((await fetch(siteUrl(path))).status).toBe(404);
      const page = await open(path);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ timeout: 20_000 });
      await page.context().close();
    }
  });

  it('fits a phone screen without horizontal scrolling', async () => {
    for (const path of ['/', '/products/offers-api', '/products/card-linked-offers']) {
      const page = await open(path, PHONE);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    }
  });
});
