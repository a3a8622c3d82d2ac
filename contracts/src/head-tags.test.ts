import { headTagsFor, type HeadTag } from './head-tags';

const find = (tags: HeadTag[], id: string) =>
  tags.find((t): t is Extract<HeadTag, { kind: 'meta' }> => t.kind === 'meta' && t.id === id)?.content;

describe('headTagsFor', () => {
  const tags = headTagsFor(
    { path: '/case-studies/:id', title: 'A story', description: 'How it went', type: 'article', canonicalPath: '/case-studies/a' },
    '/casestudies/a',
  );

  it('titles the page with the brand and points the canonical at the preferred path', () => {
    expect(tags[0]).toEqual({ kind: 'title', text: 'A story | Cardlift' });
    expect(tags).toContainEqual({ kind: 'link', rel: 'canonical', href: 'https://www.cardlift.example/case-studies/a' });
  });

  it('carries Open Graph and Twitter tags with a 1200x630 image', () => {
    expect(find(tags, 'og:type')).toBe('article');
    expect(find(tags, 'og:image:width')).toBe('1200');
    expect(find(tags, 'og:image:height')).toBe('630');
    expect(find(tags, 'twitter:card')).toBe('summary_large_image');
    expect(find(tags, 'og:image')).toMatch(/^https:\/\/www\.cardlift\.example\/og\/case-study\/a\.[0-9a-f]{16}\.png$/);
    expect(find(tags, 'og:image:type')).toBe('image/png');
    expect(find(tags, 'og:image:alt')).toBe('Cardlift case study: A story');
    expect(find(tags, 'twitter:image:alt')).toBe('Cardlift case study: A story');
  });

  it('marks noindex pages', () => {
    const hidden = headTagsFor({ path: '/invest', title: 'Invest', description: 'x', noindex: true }, '/invest');
    expect(find(hidden, 'robots')).toBe('noindex, nofollow');
    expect(find(tags, 'robots')).toBe('index, follow');
  });
});
