import { sectionForPath } from './sections';

describe('sectionForPath', () => {
  it.each([
    ['/', 'mf_marketing'],
    ['/products/offers-api', 'mf_marketing'],
    ['/solutions/retail/', 'mf_marketing'],
    ['/case-studies', 'mf_resources'],
    ['/casestudies/sling-tv-case-study', 'mf_resources'],
    ['/casestudy/slingtv', 'mf_resources'],
    ['/blog/offers-api-announcement', 'mf_resources'],
    ['/company/careers/some-role', 'mf_company'],
    ['/privacy', 'mf_company'],
    ['/terms', 'mf_company'],
    ['/invest', 'mf_invest'],
  ])('%s belongs to %s', (path, remote) => {
    expect(sectionForPath(path)?.remote).toBe(remote);
  });

  it.each(['/nope', '/productsx', '/blogger', '/invest/more', '/privacy/x'])('%s belongs to no section', (path) => {
    expect(sectionForPath(path)).toBeUndefined();
  });
});
