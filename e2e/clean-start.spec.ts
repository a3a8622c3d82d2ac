/**
 * No page logs an error while it starts and hydrates: every static page of the shell and the
 * sections, the page of every content item, and each kind of not-found page (an unknown path, blog
 * post, case study and job). A hydration mismatch (React error #418) shows here as a page error.
 * The unknown ones come first, an unknown case study before an unknown post: the api once kept one
 * not-found body per section and sent the case study's to the blog. Each page also keeps all its
 * content inside landmarks (axe's `region` rule), the announcement bar included.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { API_PATHS } from '@cardlift/contracts';
import { INTERACTIVE_ATTRIBUTE } from '../shell/src/layout/mark-interactive';
import { launchBrowser, siteUrl } from './support/browser';
import { siteContentDir } from './support/content';
import { sitePages } from './support/site-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Unknown content, with the api request its page makes (answered 404, as it must be). */
const UNKNOWN = [
  { path: '/case-studies/no-such-case-study', api: `${API_PATHS.caseStudies}/no-such-case-study` },
  { path: '/blog/no-such-post', api: `${API_PATHS.blog}/no-such-post` },
  { path: '/company/careers/no-such-job', api: `${API_PATHS.jobs}/no-such-job` },
];

interface Visit {
  path: string;
  status: number;
  /** Answers the browser reports in the console that the page expects: its own status, the api's 404 for unknown content. */
  expected: string[];
}

function visits(): Visit[] {
  const known = sitePages(siteContentDir(), 'item');
  const answer = (path: string, status: number) => `${status} ${siteUrl(path)}`;
  const unknown = UNKNOWN.map(({ path, api }) => ({ path, status: 404, expected: [answer(path, 404), answer(api, 404)] }));
  return [...unknown, ...known.map(({ path, status }) => ({ path, status, expected: status === 200 ? [] : [answer(path, status)] }))];
}

describe('the start of every page', () => {
  const list = visits();

  it('covers every kind of page', () => {
    expect(list.length).toBeGreaterThan(30);
    expect(new Set(list.map((v) => v.status))).toEqual(new Set([200, 404, 410]));
  });

  it.each(list.map((v) => [v.path, v] as const))('%s logs no error and leaves nothing outside a landmark', async (_path, visit) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const status = /status of (\d+)/.exec(message.text())?.[1];
      if (!status || !visit.expected.includes(`${status} ${message.location().url}`))
        errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    const response = await page.goto(siteUrl(visit.path));
    expect(response?.status()).toBe(visit.status);
    await page.waitForSelector(`html[${INTERACTIVE_ATTRIBUTE}]`, { state: 'attached', timeout: 15_000 });
    // The sections' own data and lazy parts settle too.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).withRules(['region']).analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await context.close();
  });
});
