import { rumReportSchema, type RemoteEntry } from '@cardlift/contracts';
import { version as shellVersion } from '../../package.json';
import { errorSection } from './error-sections';
import type { PageViewState } from './page-view';
import { buildReport } from './reporter';

const PAGE = 'https://www.cardlift.example/invest';
const entries: RemoteEntry[] = [
  { name: 'mf_invest', entry: '/remotes/mf_invest/2.4.0-abc/mf-manifest.json', version: '2.4.0-abc' },
  { name: 'mf_company', entry: 'https://cdn.cardlift.example/company/1.1.0/mf-manifest.json', version: '1.1.0' },
];

describe('errorSection', () => {
  it('names the build whose file threw: a remote by its folder, the shell by the origin, anything else "other"', () => {
    expect(errorSection('https://www.cardlift.example/remotes/mf_invest/2.4.0-abc/__federation_expose_routes.js', entries, PAGE)).toBe(
      'mf_invest',
    );
    expect(errorSection('https://cdn.cardlift.example/company/1.1.0/chunk.js', entries, PAGE)).toBe('mf_company');
    expect(errorSection('https://www.cardlift.example/assets/main.123.js', entries, PAGE)).toBe('shell');
    expect(errorSection('chrome-extension://abc/content.js', entries, PAGE)).toBe('other');
    expect(errorSection('', entries, PAGE)).toBe('other');
  });
});

describe('buildReport', () => {
  beforeEach(() => {
    // A phone-sized screen (jsdom has no matchMedia of its own).
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
    })) as unknown as typeof window.matchMedia;
  });

  it('makes a report the api accepts, naming every build on the page with its served version', () => {
    const view: PageViewState = {
      context: { route: '/invest', section: 'mf_invest', sampleRate: 1 },
      tti: 1800,
      errorSources: [`${location.origin}/remotes/mf_invest/2.4.0-abc/x.js`, `${location.origin}/remotes/mf_invest/2.4.0-abc/y.js`, ''],
      remoteFailures: new Map([
        ['mf_company', 1],
        ['not_a_remote', 3],
      ]),
      contactOutcomes: ['stored'],
      skewRecovered: 2,
    };
    const report = buildReport(view, 'eyJpIjoiYSJ9.c2lnbmF0dXJl', { lcp: 1500, cls: 0.02 }, entries);
    expect(rumReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      view: 'eyJpIjoiYSJ9.c2lnbmF0dXJl',
      route: '/invest',
      section: 'mf_invest',
      device: 'phone',
      versions: { shell: shellVersion, mf_invest: '2.4.0-abc', mf_company: '1.1.0' },
      metrics: { lcp: 1500, cls: 0.02, tti: 1800 },
      errors: { mf_invest: 2, other: 1 },
      remoteFailures: { mf_company: 1 },
      contactOutcomes: ['stored'],
      // Apart from the errors: the tab recovered from files a deploy removed.
      skewRecovered: 2,
    });
  });
});
