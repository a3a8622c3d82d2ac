/**
 * The JSON-LD of every page, read from the HTML the server sends, has the fields search engines
 * require (JobPosting, Article, Organization), and every image it names is a raster file this site
 * serves (search engines ignore SVG there). A closed job posting advertises nothing.
 */
import { siteConfig } from '@cardlift/contracts';
import { siteUrl } from './support/browser';
import { CLOSED_JOB, siteContentDir } from './support/content';
import { sitePages } from './support/site-pages';
import { imageUrls, missingRequiredFields, rasterFormat } from './support/structured-data-rules';

type Item = Record<string, unknown>;

/** Each page's JSON-LD items, by path: every page, every content item's included. */
const jsonLd = new Map<string, Item[]>();
beforeAll(async () => {
  for (const page of sitePages(siteContentDir(), 'item')) {
    const html = await (await fetch(siteUrl(page.path))).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    jsonLd.set(
      page.path,
      blocks.map((m) => JSON.parse(m[1] as string) as Item),
    );
  }
}, 120_000);

const items = () => [...jsonLd].flatMap(([path, list]) => list.map((item) => ({ path, item })));

describe('structured data', () => {
  it('publishes each type the site needs: Organization, Article, BlogPosting, JobPosting', () => {
    const types = new Set(items().map(({ item }) => item['@type']));
    expect([...types]).toEqual(expect.arrayContaining(['Organization', 'Article', 'BlogPosting', 'JobPosting']));
  });

  it('gives every item the fields search engines require', () => {
    const problems = items().flatMap(({ path, item }) =>
      missingRequiredFields(item).map((f) => `${path} ${String(item['@type'])}: no ${f}`),
    );
    expect(problems).toEqual([]);
  });

  it('names only raster images that the site serves', async () => {
    const urls = [...new Set(items().flatMap(({ item }) => imageUrls(item)))];
    expect(urls).toEqual(expect.arrayContaining([`${siteConfig.siteUrl}/logo.png`]));
    const problems: string[] = [];
    for (const url of urls) {
      const { origin, pathname } = new URL(url);
      if (origin !== siteConfig.siteUrl) {
        problems.push(`${url}: not on this site`);
        continue;
      }
      const response = await fetch(siteUrl(pathname));
      const format = response.ok ? rasterFormat(new Uint8Array(await response.arrayBuffer())) : null;
      const type = response.headers.get('content-type') ?? '';
      if (!format || !type.startsWith(`image/${format}`))
        problems.push(`${url}: ${response.status} ${type}, ${format ?? 'not a raster image'}`);
    }
    expect(problems).toEqual([]);
  });

  it('advertises no closed job posting', () => {
    expect(jsonLd.get(`/company/careers/${CLOSED_JOB.slug}`)).toEqual([]);
    const postings = items().filter(({ item }) => item['@type'] === 'JobPosting');
    expect(postings.map(({ item }) => item.title)).not.toContain(CLOSED_JOB.title);
  });
});
