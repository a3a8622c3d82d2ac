import { headTagsFor, resolvePageMeta, type BlogPost, type CaseStudy, type ContentLookup } from '@cardlift/contracts';
import { blogPostMeta, caseStudyMeta, remoteMeta } from './meta';
import { aBlogPost, aCaseStudy } from './test/fixtures';

const sling = aCaseStudy({ id: 'sling-tv-case-study', title: 'Sling TV grows subscribers' });
const post = aBlogPost({ id: 'offers-api-announcement', title: 'Introducing the Offers API' });
const content: ContentLookup = {
  caseStudy: (id) => (id === sling.id ? sling : undefined),
  blogPost: (id) => (id === post.id ? post : undefined),
  job: () => undefined,
};
const resolve = (path: string) => resolvePageMeta(remoteMeta, path, content);

describe('remoteMeta', () => {
  it('declares both list paths, canonical at /case-studies, and /blog', () => {
    expect(resolve('/case-studies')?.title).toBe('Case Studies');
    expect(resolve('/casestudies')).toMatchObject({ title: 'Case Studies', canonicalPath: '/case-studies' });
    expect(resolve('/blog')?.title).toBe('Blog');
    // Only canonical paths are static pages (the sitemap lists those).
    expect(remoteMeta.pages.map((p) => p.path)).toEqual(['/case-studies', '/blog']);
  });

  it.each(['/case-studies/sling-tv-case-study', '/casestudies/sling-tv-case-study', '/casestudy/slingtv'])(
    'resolves %s to the case study as an article, canonical at /case-studies/{id}',
    (path) => {
      expect(resolve(path)).toMatchObject({
        title: sling.title,
        type: 'article',
        canonicalPath: '/case-studies/sling-tv-case-study',
      });
    },
  );

  it('resolves a blog post as an article', () => {
    expect(resolve('/blog/offers-api-announcement')).toMatchObject({
      title: post.title,
      type: 'article',
      canonicalPath: '/blog/offers-api-announcement',
    });
  });

  it('answers null (a 404) for unknown content and unknown sub-paths', () => {
    expect(resolve('/case-studies/nope')).toBeNull();
    expect(resolve('/casestudies/nope')).toBeNull();
    expect(resolve('/blog/nope')).toBeNull();
    expect(resolve('/case-studies/sling-tv-case-study/extra')).toBeNull();
    expect(resolve('/casestudy/other')).toBeNull();
  });

  it('answers null for /casestudy/slingtv when that case study is gone', () => {
    expect(resolvePageMeta(remoteMeta, '/casestudy/slingtv', { ...content, caseStudy: () => undefined })).toBeNull();
  });
});

describe('caseStudyMeta', () => {
  it('renders Article and BreadcrumbList JSON-LD and og:type article', () => {
    const meta = caseStudyMeta(sling as CaseStudy);
    const types = meta.jsonLd?.map((j) => j['@type']);
    expect(types).toEqual(['Article', 'BreadcrumbList']);
    const tags = headTagsFor(meta, '/casestudies/sling-tv-case-study');
    expect(tags).toContainEqual({ kind: 'meta', key: 'property', id: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ kind: 'link', rel: 'canonical', href: 'https://www.cardlift.example/case-studies/sling-tv-case-study' });
  });

  it('names raster images only in its Article: the SVG hero gives way to the social image, the publisher has the PNG logo', () => {
    const [article] = caseStudyMeta(sling as CaseStudy).jsonLd ?? [];
    expect(sling.heroImage).toMatch(/\.svg$/);
    expect(article).toMatchObject({
      image: [expect.stringMatching(/^https:\/\/www\.cardlift\.example\/og\/site\/default\.[0-9a-f]{16}\.png$/)],
      publisher: { logo: { url: 'https://www.cardlift.example/logo.png' } },
    });
  });

  it('prefers the excerpt for the description and keeps it short', () => {
    expect(caseStudyMeta({ ...sling, excerpt: 'Short.' }).description).toBe('Short.');
    expect(
      caseStudyMeta({ ...sling, excerpt: undefined, description: undefined, overview: 'x '.repeat(200) }).description.length,
    ).toBeLessThanOrEqual(160);
  });
});

describe('blogPostMeta', () => {
  it('is a BlogPosting by its author, with the post image when it has one', () => {
    const meta = blogPostMeta(post as BlogPost);
    expect(meta.jsonLd?.[0]).toMatchObject({ '@type': 'BlogPosting', author: { name: post.author } });
    // Search engines require an Article image: a post without a raster one names the site's share card.
    expect(blogPostMeta({ ...post, heroImage: undefined }).jsonLd?.[0]).toMatchObject({
      image: [expect.stringMatching(/^https:\/\/www\.cardlift\.example\/og\/site\/default\.[0-9a-f]{16}\.png$/)],
    });
  });
});
