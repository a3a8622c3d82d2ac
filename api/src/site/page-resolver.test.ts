import type { RemoteMeta } from '@cardlift/contracts';
import { notFoundRoute } from './page-resolver';
import type { SitePageTables } from './page-tables';

const table = (...patterns: string[]): RemoteMeta => ({
  pages: [],
  dynamic: patterns.map((pattern) => ({ pattern, resolve: () => null })),
});
const tables = (resources: RemoteMeta): SitePageTables => ({
  shell: table(),
  remote: (name) => (name === 'mf_resources' ? resources : undefined),
  remotes: () => [resources],
});

describe('notFoundRoute', () => {
  const site = tables(table('/case-studies/:caseStudyId', '/blog/:id'));

  it('names the content route an unknown item falls under, whatever its id', () => {
    expect(notFoundRoute('/blog/no-such-post', site)).toBe('/blog/:id');
    expect(notFoundRoute('/blog/other/', site)).toBe('/blog/:id');
    expect(notFoundRoute('/case-studies/no-such', site)).toBe('/case-studies/:caseStudyId');
  });

  it('answers the empty route for a path no route knows', () => {
    expect(notFoundRoute('/blog/a/b', site)).toBe('');
    expect(notFoundRoute('/no-such-page', site)).toBe('');
  });
});
