import type { PageMeta } from './page-meta';
import { siteNavigation } from './site-navigation';

const page = (path: string, nav: unknown): PageMeta => ({ path, title: path, description: path, nav: nav as PageMeta['nav'] });

describe('siteNavigation', () => {
  it("lists each section's pages in their menu by order, across tables, in the header and the footer as asked", () => {
    const navigation = siteNavigation([
      {
        pages: [
          page('/b', { menu: 'products', order: 2, label: 'B', description: 'Second' }),
          page('/hidden-in-footer', { menu: 'products', order: 3, label: 'Header only', footer: false }),
          { path: '/unlisted', title: 'Unlisted', description: 'No nav' },
        ],
        dynamic: [],
      },
      {
        pages: [
          page('/a', { menu: 'products', order: 1, label: 'A' }),
          page('/legal', { menu: 'resources', order: 9, label: 'Legal', header: false }),
        ],
        dynamic: [],
      },
    ]);
    expect(navigation.header.products).toEqual([
      { label: 'A', href: '/a' },
      { label: 'B', href: '/b', description: 'Second' },
      { label: 'Header only', href: '/hidden-in-footer' },
    ]);
    // The footer shows labels only.
    expect(navigation.footer.products).toEqual([
      { label: 'A', href: '/a' },
      { label: 'B', href: '/b' },
    ]);
    expect(navigation.header.resources).toEqual([]);
    expect(navigation.footer.resources).toEqual([{ label: 'Legal', href: '/legal' }]);
    expect(navigation.header.company).toEqual([]);
  });

  it("leaves out a malformed entry and names it, keeping every other section's links", () => {
    const problems: string[] = [];
    const navigation = siteNavigation(
      [
        {
          pages: [
            page('/no-menu', { menu: 'elsewhere', order: 1, label: 'X' }),
            page('/no-label', { menu: 'company', order: 1, label: '  ' }),
            page('/jobs/:slug', { menu: 'company', order: 2, label: 'A pattern' }),
            page('/about', { menu: 'company', order: 3, label: 'About' }),
          ],
          dynamic: [],
        },
      ],
      (path, problem) => problems.push(`${path}: ${problem}`),
    );
    expect(navigation.header.company).toEqual([{ label: 'About', href: '/about' }]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^\/no-menu: [\s\S]*at menu/);
    expect(problems[1]).toMatch(/^\/no-label: [\s\S]*at label/);
    expect(problems[2]).toBe('/jobs/:slug: only a static page path can be listed');
  });
});
