import { brandOrganization, organizationJsonLd, structuredDataImage } from './structured-data';

describe('structured data images', () => {
  it("keeps a page's own raster image", () => {
    expect(structuredDataImage('/og/sling-tv.png')).toBe('https://www.cardlift.example/og/sling-tv.png');
    expect(structuredDataImage('/content-images/blog/a.JPG')).toBe('https://www.cardlift.example/content-images/blog/a.JPG');
  });

  it('names the default social image in place of an SVG or a missing one', () => {
    expect(structuredDataImage('/content-images/case-studies/sling-tv-hero.svg')).toMatch(
      /^https:\/\/www\.cardlift\.example\/og\/site\/default\.[0-9a-f]{16}\.png$/,
    );
    expect(structuredDataImage(undefined)).toMatch(/^https:\/\/www\.cardlift\.example\/og\/site\/default\.[0-9a-f]{16}\.png$/);
  });

  it('gives the brand its raster logo wherever it appears as an organization', () => {
    expect(brandOrganization()).toMatchObject({
      name: 'Cardlift',
      url: 'https://www.cardlift.example',
      logo: { url: 'https://www.cardlift.example/logo.png' },
    });
    expect(organizationJsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      logo: { url: 'https://www.cardlift.example/logo.png' },
    });
  });
});
