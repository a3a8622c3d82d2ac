import { matchPattern, resolvePageMeta, type ContentLookup, type RemoteMeta } from './route-meta';

const content: ContentLookup = {
  caseStudy: (id) => (id === 'known' ? ({ id, title: 'Known' } as never) : undefined),
  blogPost: () => undefined,
  job: () => undefined,
};

const meta: RemoteMeta = {
  pages: [{ path: '/case-studies', title: 'Case Studies', description: 'All of them' }],
  dynamic: [
    {
      pattern: '/case-studies/:caseStudyId',
      resolve: ({ caseStudyId = '' }, c) => {
        const cs = c.caseStudy(caseStudyId);
        return cs ? { path: '/case-studies/:caseStudyId', title: cs.title, description: 'x', type: 'article' } : null;
      },
    },
  ],
};

describe('matchPattern', () => {
  it('extracts and decodes params', () => {
    expect(matchPattern('/a/:id/b', '/a/x%20y/b')).toEqual({ id: 'x y' });
  });
  it('refuses other lengths and literals', () => {
    expect(matchPattern('/a/:id', '/a/x/y')).toBeNull();
    expect(matchPattern('/a/:id', '/b/x')).toBeNull();
  });
});

describe('resolvePageMeta', () => {
  it('finds static pages, with or without a trailing slash', () => {
    expect(resolvePageMeta(meta, '/case-studies/', content)?.title).toBe('Case Studies');
  });
  it('resolves known content and refuses unknown ids', () => {
    expect(resolvePageMeta(meta, '/case-studies/known', content)?.type).toBe('article');
    expect(resolvePageMeta(meta, '/case-studies/unknown', content)).toBeNull();
    expect(resolvePageMeta(meta, '/elsewhere', content)).toBeNull();
  });
});
