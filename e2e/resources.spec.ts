/**
 * mf-resources end to end: every case study and blog post the real api serves, both route
 * forms, the old Sling TV address, the head tags the server sends crawlers, and the not-found paths.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { BlogPostSummary, CaseStudy } from '@cardlift/contracts';
import { launchBrowser, openPage, siteUrl } from './support/browser';

const SITE = 'https://www.cardlift.example';
const LONG = 240_000;

let browser: Browser;
let caseStudies: CaseStudy[];
let posts: BlogPostSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  caseStudies = (await (await fetch(siteUrl('/api/casestudies'))).json()) as CaseStudy[];
  posts = (await (await fetch(siteUrl('/api/blog'))).json()) as BlogPostSummary[];
});
afterAll(async () => {
  await browser.close();
});

/** The server's HTML for a path: its status and the head tags a crawler reads. */
async function serverHead(path: string) {
  const response = await fetch(siteUrl(path));
  const html = await response.text();
  const attr = (re: RegExp) => re.exec(html)?.[1];
  return {
    status: response.status,
    title: attr(/<title>([^<]*)<\/title>/),
    ogType: attr(/<meta property="og:type" content="([^"]*)">/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    robots: attr(/<meta name="robots" content="([^"]*)">/),
    jsonLdTypes: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => (JSON.parse(m[1] as string) as { '@type': string })['@type'],
    ),
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 'MMMM d, yyyy' of an ISO calendar date, computed independently of the page's date-fns. */
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

const h1 = (page: Page, name: string) => page.locator('main').getByRole('heading', { level: 1, name, exact: true });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page: page as never })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('case study list', () => {
  it('the api serves case studies to test against', () => {
    expect(caseStudies.length).toBeGreaterThan(0);
    expect(caseStudies.some((c) => c.id === 'sling-tv-case-study')).toBe(true);
  });

  it.each(['/case-studies', '/casestudies'])('%s shows a card for every case study, canonical at /case-studies', async (path) => {
    const head = await serverHead(path);
    expect(head).toMatchObject({ status: 200, canonical: `${SITE}/case-studies` });
    const page = await openPage(browser);
    await page.goto(siteUrl(path));
    await h1(page, 'Case Studies').waitFor();
    const cards = page.locator('main article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(caseStudies.length);
    for (const cs of caseStudies) {
      expect(await page.locator('main').getByRole('link', { name: cs.title, exact: true }).getAttribute('href')).toBe(
        `/case-studies/${cs.id}`,
      );
    }
    await expectNoAxeViolations(page);
    // A card opens its case study inside the site.
    const first = caseStudies[0]!;
    await page.locator('main').getByRole('link', { name: first.title, exact: true }).click();
    await page.waitForURL(`**/case-studies/${first.id}`);
    await h1(page, first.title).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('case study detail', () => {
  it(
    'serves every case study under both route forms as an article, canonical at /case-studies/{id}',
    async () => {
      for (const cs of caseStudies) {
        for (const path of [`/case-studies/${cs.id}`, `/casestudies/${cs.id}`]) {
          const head = await serverHead(path);
          expect({ path, ...head }).toMatchObject({
            path,
            status: 200,
            title: `${escapeHtml(cs.title)} | Cardlift`,
            ogType: 'article',
            // The case study's own share card (e2e/share-images.spec.ts checks that it is a 1200x630 PNG).
            ogImage: expect.stringMatching(new RegExp(`^${SITE}/og/case-study/${cs.id}\\.[0-9a-f]{16}\\.png$`)),
            canonical: `${SITE}/case-studies/${cs.id}`,
            robots: 'index, follow',
          });
          expect(head.jsonLdTypes).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
        }
      }
    },
    LONG,
  );

  it(
    'renders every case study in the browser, both route forms, with its sections and 3 others',
    async () => {
      const page = await openPage(browser);
      for (const cs of caseStudies) {
        for (const path of [`/case-studies/${cs.id}`, `/casestudies/${cs.id}`]) {
          await page.goto(siteUrl(path));
          await h1(page, cs.title).waitFor();
          const main = page.locator('main');
          for (const section of ['Overview', 'The Challenge', 'The Solution', 'The Results', 'Key Takeaways']) {
            await main.getByRole('heading', { level: 2, name: section, exact: true }).waitFor();
          }
          // The hero image is the case study's own and really loads (no fallback needed).
          const hero = main.locator(`img[src="${cs.heroImage}"]`);
          await page.waitForFunction(
            (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
            await hero.elementHandle(),
          );
          expect(await hero.getAttribute('width')).toBeTruthy();
          const more = main.locator('section', { has: page.getByRole('heading', { name: 'More Case Studies' }) });
          await more.locator('article').first().waitFor();
          const hrefs = await more.locator('article a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
          expect(hrefs.length).toBe(Math.min(3, caseStudies.length - 1));
          expect(hrefs).not.toContain(`/case-studies/${cs.id}`);
          expect(await page.title()).toBe(`${cs.title} | Cardlift`);
          expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${SITE}/case-studies/${cs.id}`);
        }
      }
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
    LONG,
  );

  it('/casestudy/slingtv shows the Sling TV case study, canonical at its /case-studies address', async () => {
    const sling = caseStudies.find((c) => c.id === 'sling-tv-case-study')!;
    const head = await serverHead('/casestudy/slingtv');
    expect(head).toMatchObject({ status: 200, ogType: 'article', canonical: `${SITE}/case-studies/sling-tv-case-study` });
    const page = await openPage(browser);
    await page.goto(siteUrl('/casestudy/slingtv'));
    await h1(page, sling.title).waitFor();
    await expectNoAxeViolations(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('Talk to Sales takes the visitor to the contact form', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/case-studies/sling-tv-case-study'));
    await page.locator('main').getByRole('link', { name: 'Talk to Sales' }).first().click();
    await page.waitForFunction(() => {
      const top = document.getElementById('contact')?.getBoundingClientRect().top;
      return top !== undefined && Math.abs(top) < 200;
    });
    await page.context().close();
  });

  it.each(['/case-studies/no-such-case-study', '/casestudies/no-such-case-study'])(
    '%s answers 404 and shows Case Study Not Found',
    async (path) => {
      const head = await serverHead(path);
      expect(head.status).toBe(404);
      expect(head.robots).toBe('noindex, nofollow');
      const page = await openPage(browser);
      await page.goto(siteUrl(path));
      await h1(page, 'Case Study Not Found').waitFor();
      await page.getByText("The case study you're looking for doesn't exist.").waitFor();
      const link = page.locator('main').getByRole('link', { name: 'View All Case Studies' });
      await link.click();
      await page.waitForURL(/\/case-studies$/);
      await h1(page, 'Case Studies').waitFor();
      await page.context().close();
    },
  );

  it.each(['/case-studies/sling-tv-case-study/extra', '/casestudy/other'])('%s is the site not-found page with HTTP 404', async (path) => {
    expect((await fetch(siteUrl(path))).status).toBe(404);
    const page = await openPage(browser);
    await page.goto(siteUrl(path));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.context().close();
  });
});

describe('blog', () => {
  it('/blog shows a card for every post, with its date', async () => {
    expect(posts.length).toBeGreaterThan(0);
    expect((await serverHead('/blog')).status).toBe(200);
    const page = await openPage(browser);
    await page.goto(siteUrl('/blog'));
    await h1(page, 'Blog').waitFor();
    await page.locator('main article').first().waitFor();
    expect(await page.locator('main article').count()).toBe(posts.length);
    for (const post of posts) {
      const link = page.locator('main').getByRole('link', { name: post.title, exact: true });
      expect(await link.getAttribute('href')).toBe(`/blog/${post.id}`);
    }
    await page.locator('main').getByText(longDate(posts[0]!.publishedDate)).first().waitFor();
    await expectNoAxeViolations(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it(
    'serves and renders every post as an article',
    async () => {
      const page = await openPage(browser);
      for (const post of posts) {
        const path = `/blog/${post.id}`;
        const head = await serverHead(path);
        expect({ path, ...head }).toMatchObject({
          path,
          status: 200,
          ogType: 'article',
          canonical: `${SITE}${path}`,
          ogImage: expect.stringMatching(new RegExp(`^${SITE}/og/post/${post.id}\\.[0-9a-f]{16}\\.png$`)),
        });
        expect(head.jsonLdTypes).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']));
        await page.goto(siteUrl(path));
        await h1(page, post.title).waitFor();
        const main = page.locator('main');
        await main.getByText(longDate(post.publishedDate), { exact: true }).waitFor();
        await main.getByRole('heading', { level: 2, name: 'Conclusion' }).waitFor();
        // Every post has a hero image: its own, or the local stock image.
        const hero = main.locator('article img').first();
        await page.waitForFunction(
          (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
          await hero.elementHandle(),
        );
        if (post.heroImage) expect(await hero.getAttribute('src')).toBe(post.heroImage);
      }
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
    LONG,
  );

  it('a post call to action scrolls to the contact form', async () => {
    const full = await Promise.all(
      posts.map(
        async (p) =>
          (await (await fetch(siteUrl(`/api/blog/${p.id}`))).json()) as { id: string; content: { callToAction?: { buttonText?: string } } },
      ),
    );
    const withCta = full.find((p) => p.content.callToAction);
    expect(withCta).toBeDefined();
    const page = await openPage(browser);
    await page.goto(siteUrl(`/blog/${withCta!.id}`));
    await page
      .locator('main aside')
      .getByRole('link', { name: withCta!.content.callToAction!.buttonText ?? 'Get in Touch' })
      .click();
    await page.waitForFunction(() => {
      const top = document.getElementById('contact')?.getBoundingClientRect().top;
      return top !== undefined && Math.abs(top) < 200;
    });
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('an unknown post answers 404 and shows the blog post error view', async () => {
    const head = await serverHead('/blog/no-such-post');
    expect(head.status).toBe(404);
    const page = await openPage(browser);
    await page.goto(siteUrl('/blog/no-such-post'));
    await h1(page, 'Failed to Load Blog Post').waitFor();
    await page.getByText('There was an error loading the blog post. Please try again later.').waitFor();
    await page.context().close();
  });
});
