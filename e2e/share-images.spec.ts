/**
 * Link previews: every page the site serves names an og:image (and twitter:image) that answers 200
 * with a 1200x630 PNG, cached for good under its hashed name, with its real size and an alt text in
 * the tags. Pages are taken from sitemap.xml, plus the pages kept out of it.
 */
import { siteUrl } from './support/browser';

const SITE_ORIGIN = 'https://www.cardlift.example';

function metaContent(html: string, key: 'property' | 'name', id: string): string | undefined {
  return new RegExp(`<meta ${key}="${id.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
}

async function sitePaths(): Promise<string[]> {
  const xml = await (await fetch(siteUrl('/sitemap.xml'))).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  return [...paths, '/invest', '/components', '/casestudy/slingtv'];
}

describe('share images', () => {
  it('every page names a 1200x630 PNG that answers 200 and is cached for good', async () => {
    const paths = await sitePaths();
    expect(paths.length).toBeGreaterThan(30);
    const checked = new Map<string, string>();
    for (const path of paths) {
      const html = await (await fetch(siteUrl(path))).text();
      const image = metaContent(html, 'property', 'og:image');
      expect({ path, image }).toEqual({ path, image: expect.stringMatching(/\.(png|jpe?g)$/) });
      expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
      expect([metaContent(html, 'property', 'og:image:width'), metaContent(html, 'property', 'og:image:height')]).toEqual(['1200', '630']);
      expect(metaContent(html, 'property', 'og:image:alt')).toEqual(expect.stringMatching(/\w{3}/));
      const imagePath = (image as string).replace(SITE_ORIGIN, '');
      if (checked.has(imagePath)) continue;
      const response = await fetch(siteUrl(imagePath));
      expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({
        path,
        status: 200,
        type: 'image/png',
      });
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const png = Buffer.from(await response.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      checked.set(imagePath, path);
    }
    // Content pages each have their own card; the rest share the site card.
    expect([...checked.keys()].filter((p) => p.startsWith('/og/case-study/')).length).toBeGreaterThan(3);
    expect([...checked.keys()].filter((p) => p.startsWith('/og/job/')).length).toBeGreaterThan(2);
  }, 120_000);
});
