/**
 * A contact post without a view token is counted for its page's builds from the page field (the page
 * token with what it signs), made into one view at the post: only a genuine, unexpired page token.
 */
import { PageViewTokens } from '../rum/page-view-tokens';
import { clientNetwork } from '../rum/client-address';
import { leadViewOf, pageFieldValue, type PostedView } from './lead-views';

const HOUR = 3_600_000;
const snapshot = { section: 'mf_invest' as const, route: '/invest', versions: { mf_invest: '2.0.0', mf_marketing: '1.0.0' } };
const same = (route: string) => route;

function setup(now = () => Date.now()) {
  const tokens = new PageViewTokens('test-key', 2 * HOUR, now);
  const field = pageFieldValue({ token: tokens.page(snapshot), ...snapshot });
  const read = (posted: Partial<PostedView>) => leadViewOf(tokens, { ip: '203.0.113.9', gpc: false, ...posted }, same);
  return { tokens, field, read };
}

describe('a contact post named by its page field', () => {
  it("is counted for the page's section, version and route, as the poster's network, one fresh view per post", () => {
    const { tokens, field, read } = setup();
    const first = read({ page: field });
    const second = read({ page: field });
    expect(first).toMatchObject({
      section: 'mf_invest',
      version: '2.0.0',
      route: '/invest',
      client: tokens.client(clientNetwork('203.0.113.9')),
    });
    expect(second?.id).toBeDefined();
    expect(second?.id).not.toBe(first?.id);
  });

  it('is not counted when the snapshot is not the one the page token signs (the other side claimed)', () => {
    const { tokens, read } = setup();
    const other = pageFieldValue({ token: tokens.page(snapshot), ...snapshot, versions: { ...snapshot.versions, mf_invest: '1.0.0' } });
    expect(read({ page: other })).toBeUndefined();
  });

  it('is not counted with a page token of another key, an expired one, junk, or when the visitor sent Sec-GPC', () => {
    const { field, read } = setup();
    const forger = new PageViewTokens('other-key', 2 * HOUR);
    expect(read({ page: pageFieldValue({ token: forger.page(snapshot), ...snapshot }) })).toBeUndefined();
    let now = Date.now();
    const old = setup(() => now);
    now += 4 * HOUR;
    expect(old.read({ page: old.field })).toBeUndefined();
    for (const junk of ['', 'not base64 json', Buffer.from('{"token":1}').toString('base64url'), 42, 'x'.repeat(5000)])
      expect(read({ page: junk })).toBeUndefined();
    expect(read({ page: field, gpc: true })).toBeUndefined();
  });

  it('goes after the view token: a genuine view token names the view whatever the page field says', () => {
    const { tokens, field, read } = setup();
    const view = tokens.view({ ...snapshot, versions: { ...snapshot.versions, mf_invest: '1.0.0' } }, 'someone');
    expect(read({ view, page: field })).toMatchObject({ version: '1.0.0', client: 'someone' });
    expect(read({ view: 'forged.view', page: field })).toMatchObject({ version: '2.0.0' });
  });
});
