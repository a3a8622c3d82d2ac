/**
 * What the contact form sends to name its page view: the view token once the reporter has it, before
 * that the page field the server HTML carries beside the form, and nothing when the visitor asked
 * not to be tracked.
 */
import { CONTACT_FORM_ID } from '@cardlift/contracts';

function pageField(value: string): void {
  document.body.insertAdjacentHTML('beforeend', `<input type="hidden" form="${CONTACT_FORM_ID}" name="page" value="${value}">`);
}

const fresh = () => jest.requireActual<typeof import('./lead-view')>('./lead-view');

describe('leadViewHeaders', () => {
  beforeEach(() => {
    jest.resetModules();
    document.body.innerHTML = '';
    delete (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it("sends the page's field before the view token is known, and the view token alone once it is", () => {
    pageField('signed-page');
    const { leadViewHeaders, noteViewToken } = fresh();
    expect(leadViewHeaders()).toEqual({ 'X-Page-Token': 'signed-page' });
    noteViewToken('view-token');
    expect(leadViewHeaders()).toEqual({ 'X-Page-View': 'view-token' });
  });

  it('sends nothing on a page without the field, or when Global Privacy Control is on', () => {
    expect(fresh().leadViewHeaders()).toEqual({});
    pageField('signed-page');
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    expect(fresh().leadViewHeaders()).toEqual({});
  });
});
