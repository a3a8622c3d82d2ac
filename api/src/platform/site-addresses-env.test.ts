import { DEFAULT_SITE_ADDRESSES } from '@cardlift/contracts';
import { loadPlatformConfig } from './config';
import { siteAddressWarnings } from './site-addresses-env';

describe('site addresses from the environment', () => {
  it("keeps today's addresses when nothing is set", () => {
    expect(loadPlatformConfig({}).siteAddresses).toEqual(DEFAULT_SITE_ADDRESSES);
  });

  it('reads every address, the origin without its trailing slash', () => {
    const { siteAddresses } = loadPlatformConfig({
      SITE_URL: 'https://www.example.org/',
      SIGN_IN_HOST: 'https://app.example.org',
      SISTER_SITE_URL: 'https://data.example.org/',
      LINKEDIN_URL: 'https://www.linkedin.com/company/example',
      EARLY_ACCESS_FORM_URL: 'https://forms.example.org/early',
      DEMO_VIDEO_ID: 'dQw4w9WgXcQ',
      CAREERS_EMAIL: 'jobs@example.org',
      SALES_EMAIL: 'sales@example.org',
      PRESS_EMAIL: 'press@example.org',
    });
    expect(siteAddresses).toEqual({
      siteUrl: 'https://www.example.org',
      signInHost: 'https://app.example.org',
      sisterSiteUrl: 'https://data.example.org/',
      linkedInUrl: 'https://www.linkedin.com/company/example',
      earlyAccessFormUrl: 'https://forms.example.org/early',
      demoVideoId: 'dQw4w9WgXcQ',
      careersEmail: 'jobs@example.org',
      salesEmail: 'sales@example.org',
      pressEmail: 'press@example.org',
    });
  });

  it.each([
    ['www.example.org', /SITE_URL must be an absolute http\(s\) URL/],
    ['ftp://www.example.org', /SITE_URL must be an http\(s\) URL/],
    ['https://www.example.org/shop', /SITE_URL must be an origin/],
    ['https://www.example.org/?a=1', /SITE_URL must be an origin/],
    ['https://user:pw@www.example.org', /SITE_URL must not carry credentials/],
  ])('stops on SITE_URL=%s, naming the variable', (value, message) => {
    expect(() => loadPlatformConfig({ SITE_URL: value })).toThrow(message);
  });

  it('names the variable of any other bad address', () => {
    expect(() => loadPlatformConfig({ PRESS_EMAIL: 'press at example' })).toThrow(/PRESS_EMAIL must be an e-mail address/);
    expect(() => loadPlatformConfig({ DEMO_VIDEO_ID: '../x' })).toThrow(/DEMO_VIDEO_ID must be a video id/);
    expect(() => loadPlatformConfig({ LINKEDIN_URL: 'javascript:alert(1)' })).toThrow(/LINKEDIN_URL must be an http\(s\) URL/);
  });
});

describe('the start warning for production without SITE_URL', () => {
  it('warns in production with the placeholder address, not with SITE_URL set, nor in development', () => {
    expect(siteAddressWarnings(loadPlatformConfig({ NODE_ENV: 'production' }))).toEqual([expect.stringContaining('without SITE_URL')]);
    expect(siteAddressWarnings(loadPlatformConfig({ NODE_ENV: 'production', SITE_URL: 'https://www.example.org' }))).toEqual([]);
    expect(siteAddressWarnings(loadPlatformConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });
});
