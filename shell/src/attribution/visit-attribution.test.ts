import { ATTRIBUTION_TEXT_MAX } from '@cardlift/contracts';
import { ATTRIBUTION_STORAGE_KEY, attributionFor, rememberVisitAttribution, visitAttribution } from './visit-attribution';

const landing = (path: string) => new URL(path, 'https://www.cardlift.example');

describe('visit attribution', () => {
  beforeEach(() => sessionStorage.clear());

  it('takes the UTM parameters, the other site that linked here and the landing path', () => {
    const url = landing(
      '/products/offers-api?utm_source=x&utm_medium=cpc&utm_campaign=y&utm_term=offers&utm_content=hero&gclid=abc&email=a@b.c',
    );
    expect(attributionFor(url, 'https://news.example/story')).toEqual({
      utmSource: 'x',
      utmMedium: 'cpc',
      utmCampaign: 'y',
      utmTerm: 'offers',
      utmContent: 'hero',
      referrer: 'https://news.example/story',
      landingPage: '/products/offers-api',
    });
  });

  it('ignores a referrer from the site itself and cuts overlong values', () => {
    const url = landing(`/?utm_campaign=${'c'.repeat(ATTRIBUTION_TEXT_MAX + 10)}`);
    expect(attributionFor(url, 'https://www.cardlift.example/blog')).toEqual({
      utmCampaign: 'c'.repeat(ATTRIBUTION_TEXT_MAX),
      landingPage: '/',
    });
  });

  it('keeps the first page of the visit: later pages do not overwrite it', () => {
    window.history.replaceState(null, '', '/?utm_source=x&utm_campaign=y');
    rememberVisitAttribution();
    window.history.replaceState(null, '', '/blog?utm_source=other');
    rememberVisitAttribution();
    expect(visitAttribution()).toEqual({ utmSource: 'x', utmCampaign: 'y', landingPage: '/' });
    expect(JSON.parse(sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? '{}')).toEqual({
      utmSource: 'x',
      utmCampaign: 'y',
      landingPage: '/',
    });
  });

  it('sends nothing odd when storage holds something else', () => {
    sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, '{"utmSource":42,"bogus":"x","utmMedium":"email"}');
    expect(visitAttribution()).toEqual({ utmMedium: 'email' });
    sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'not json');
    expect(visitAttribution()).toEqual({});
  });
});
