/**
 * mf-company end to end: About Us, Press, Careers with every job from the real api,
 * Privacy and Terms, what the server sends crawlers for a job page, and the not-found paths.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, siteUrl } from './support/browser';
import { CLOSED_JOB } from './support/content';

interface ApiJob {
  slug: string;
  title: string;
  department: string;
  location: string;
  level?: string;
  postedDate: string;
}

/** 'MMM d, yyyy' computed independently of the page's code: the calendar day of an ISO date. */
const jobDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** West of Greenwich, `new Date('yyyy-mm-dd')` is the previous evening: the page must not show that day. */
const WEST = { ...DESKTOP, timezoneId: 'America/Los_Angeles' };

let browser: Browser;
let jobs: ApiJob[];
beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(siteUrl('/api/jobs'));
  expect(response.status).toBe(200);
  jobs = (await response.json()) as ApiJob[];
});
afterAll(async () => {
  await browser.close();
});

async function h1(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
}

/** WCAG 2.2 A/AA checks of this remote's part of the page (the frame is the shell's to check). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const STATIC_PAGES = [
  { path: '/company/about-us', heading: /reward the customers/i, title: 'About Us' },
  { path: '/company/press', heading: 'Newsroom', title: 'Press' },
  { path: '/company/careers', heading: /build the future/i, title: 'Careers' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service' },
] as const;

describe('company pages', () => {
  for (const target of STATIC_PAGES) {
    it(`serves ${target.path} with its metadata and renders it accessibly`, async () => {
      const response = await fetch(siteUrl(target.path));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<title>${target.title} | Cardlift</title>`);
      const page = await openPage(browser);
      await page.goto(siteUrl(target.path));
      await h1(page, target.heading);
      expect(await page.title()).toBe(`${target.title} | Cardlift`);
      if (target.path === '/company/careers')
        await page
          .getByRole('link', { name: jobs[0]?.title ?? /./ })
          .first()
          .waitFor();
      await expectAccessible(page);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }

  it('sends /company to About Us, whose Careers button opens the careers page', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/company'));
    await page.waitForURL(/\/company\/about-us$/);
    await h1(page, /reward the customers/i);
    await page.getByRole('main').getByRole('link', { name: 'Careers', exact: true }).click();
    await page.waitForURL(/\/company\/careers$/);
    await h1(page, /build the future/i);
    await page.context().close();
  });

  it('shows four values on About Us and four categories on Press', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/company/about-us'));
    for (const value of ['Passion', 'Grit', 'Humility', 'Hustle']) await page.getByRole('heading', { level: 3, name: value }).waitFor();
    await page.goto(siteUrl('/company/press'));
    await h1(page, 'Newsroom');
    expect(await page.getByRole('main').getByRole('heading', { level: 3 }).count()).toBe(4);
    await page.context().close();
  });

  it.each([
    ['/privacy', 'September 14, 2020'],
    ['/terms', 'May 2, 2022'],
  ])('%s shows its update date and its contents links land below the sticky header', async (path, date) => {
    const page = await openPage(browser);
    await page.goto(siteUrl(path));
    await page.getByText(date).waitFor();
    const links = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(10);
    const last = links.last();
    const id = ((await last.getAttribute('href')) ?? '').slice(1);
    await last.click();
    await page.waitForURL(new RegExp(`#${id}$`));
    await page.waitForFunction((target) => {
      const top = document.getElementById(target)?.getBoundingClientRect().top ?? -1;
      const header = document.querySelector('[data-testid="site-header"]')?.getBoundingClientRect().bottom ?? 0;
      return top >= header;
    }, id);
    await page.context().close();
  });

  it('states the points rules in the terms', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/terms'));
    const main = page.getByRole('main');
    await main.getByText(/earned on net dollars/).waitFor();
    await main
      .getByText(/rounded down/)
      .first()
      .waitFor();
    await main.getByText(/inactive after 6 months without opening the app/).waitFor();
    await main.getByText(/Purchased points are non-refundable/).waitFor();
    await page.context().close();
  });

  it('answers unknown company paths with the not-found page and HTTP 404', async () => {
    expect((await fetch(siteUrl('/company/no-such-page'))).status).toBe(404);
    const page = await openPage(browser);
    await page.goto(siteUrl('/company/no-such-page'));
    await h1(page, '404 Page Not Found');
    await page.context().close();
  });
});

describe('careers and job pages', () => {
  it('lists every job from the api, linked to its page', async () => {
    expect(jobs.length).toBeGreaterThan(0);
    const page = await openPage(browser, WEST);
    await page.goto(siteUrl('/company/careers'));
    const list = page
      .getByRole('main')
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: jobs[0]!.title }) });
    await list.waitFor({ timeout: 20_000 });
    expect(await list.getByRole('listitem').count()).toBe(jobs.length);
    for (const job of jobs) {
      const link = list.getByRole('link', { name: job.title, exact: true });
      expect(await link.getAttribute('href')).toBe(`/company/careers/${job.slug}`);
      const card = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: job.title, exact: true }) });
      expect(await card.textContent()).toContain(jobDate(job.postedDate));
    }
    // Client-side navigation into a job and back through the breadcrumb.
    await list.getByRole('link', { name: jobs[0]!.title, exact: true }).click();
    await page.waitForURL(new RegExp(`/company/careers/${jobs[0]!.slug}$`));
    await h1(page, jobs[0]!.title);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL(/\/company\/careers$/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('renders every job page with its details, its calendar date and an Apply by e-mail link', async () => {
    const page = await openPage(browser, WEST);
    for (const job of jobs) {
      await page.goto(siteUrl(`/company/careers/${job.slug}`));
      await h1(page, job.title);
      const details = page.getByRole('complementary', { name: 'Job details' });
      expect(await details.textContent()).toContain(job.department);
      expect(await details.textContent()).toContain(job.location);
      if (job.level) expect(await details.textContent()).toContain(job.level);
      expect(await details.locator('time').textContent()).toBe(jobDate(job.postedDate));
      const href = (await page.getByRole('link', { name: 'Apply by e-mail' }).getAttribute('href')) ?? '';
      expect(href).toMatch(/^mailto:careers@cardlift\.example\?subject=/);
      expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toContain(job.title);
      expect(await page.title()).toContain(job.title);
    }
    await expectAccessible(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('sends crawlers article metadata with the JobPosting JSON-LD for each job', async () => {
    for (const job of jobs) {
      const response = await fetch(siteUrl(`/company/careers/${job.slug}`));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<meta property="og:type" content="article">/);
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
      const posting = scripts.find((s) => s['@type'] === 'JobPosting');
      expect(posting).toMatchObject({
        '@context': 'https://schema.org',
        title: job.title,
        datePosted: job.postedDate,
        hiringOrganization: { '@type': 'Organization', name: 'Cardlift' },
      });
      expect(posting.description).toEqual(expect.any(String));
      expect(Boolean(posting.jobLocation) !== Boolean(posting.jobLocationType)).toBe(true);
    }
  });

  it('answers a closed posting 410 Gone with noindex, lists it nowhere, and sends its visitor to the open positions', async () => {
    const path = `/company/careers/${CLOSED_JOB.slug}`;
    const response = await fetch(siteUrl(path));
    expect(response.status).toBe(410);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
    expect(jobs.map((j) => j.slug)).not.toContain(CLOSED_JOB.slug);
    const sitemap = await (await fetch(siteUrl('/sitemap.xml'))).text();
    expect(sitemap).toContain(`/company/careers/${jobs[0]?.slug}</loc>`);
    expect(sitemap).not.toContain(CLOSED_JOB.slug);

    const page = await openPage(browser);
    await page.goto(siteUrl(path));
    await h1(page, CLOSED_JOB.title);
    await page.getByRole('heading', { level: 2, name: 'This position is closed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Apply by e-mail' }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'See open positions' }).click();
    await page.waitForURL(/\/company\/careers$/);
    await page
      .getByRole('link', { name: jobs[0]?.title ?? /./ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: CLOSED_JOB.title }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("answers an unknown job with HTTP 404 and 'Job Not Found', with a way back to Careers", async () => {
    const response = await fetch(siteUrl('/company/careers/no-such-job'));
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
    const page = await openPage(browser);
    await page.goto(siteUrl('/company/careers/no-such-job'));
    await h1(page, 'Job Not Found');
    await page.getByText("The job posting you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Careers' }).click();
    await page.waitForURL(/\/company\/careers$/);
    await h1(page, /build the future/i);
    await page.context().close();
  });
});
