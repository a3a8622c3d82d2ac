import { isInternalLink } from '@cardlift/contracts';
import { INVERSION_THRESHOLD_PX, shouldInvertHeader } from './header-inversion';

describe('shouldInvertHeader', () => {
  const headerBottom = 66;

  it('stays white while the contact section and footer are more than 200px below the header', () => {
    expect(INVERSION_THRESHOLD_PX).toBe(200);
    expect(shouldInvertHeader([headerBottom + 201, headerBottom + 900], headerBottom)).toBe(false);
  });

  it('turns black within 200px of the contact section, and stays black past it', () => {
    expect(shouldInvertHeader([headerBottom + 200, 2000], headerBottom)).toBe(true);
    expect(shouldInvertHeader([-400, 300], headerBottom)).toBe(true);
  });

  it('uses the footer when a page has no contact section', () => {
    expect(shouldInvertHeader([null, headerBottom + 150], headerBottom)).toBe(true);
    expect(shouldInvertHeader([null, headerBottom + 250], headerBottom)).toBe(false);
    expect(shouldInvertHeader([null, null], headerBottom)).toBe(false);
  });

  it('measures from the header’s lower edge, which is 36px lower under a banner', () => {
    expect(shouldInvertHeader([290], 102)).toBe(true);
    expect(shouldInvertHeader([290], 66)).toBe(false);
  });
});

describe('link rule', () => {
  it.each([
    ['/products/offers-api', true],
    ['/', true],
    ['//evil.example/path', false],
    ['https://app.cardlift.example/login', false],
    ['mailto:sales@cardlift.example', false],
  ])('%s internal: %s', (href, internal) => {
    expect(isInternalLink(href)).toBe(internal);
  });
});
