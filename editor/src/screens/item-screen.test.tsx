/**
 * An item's screen: a publisher gets the publishing buttons and an editor does not; every write
 * names the revision the screen shows (If-Match) and carries the CSRF token; each outcome is shown
 * beside the buttons; Publish now asks first, naming the page's address; a time in the past is
 * refused before anything is sent, and the time zone is shown.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorClient, type Session } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ItemScreen } from './item-screen';

const banners = { primary: { text: 'New: the Offers API', link: '/blog/offers-api' }, secondary: null };
const status = {
  kind: 'banners',
  id: 'site',
  state: 'published',
  latestRevision: 3,
  liveRevision: 3,
  scheduledRevision: null,
  publishAt: null,
  content: banners,
};
const json = (body: unknown, code = 200) =>
  new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });

async function open(role: Session['user']['role'], publish: () => Response = () => json(status)) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/revisions'))
      return json([
        { revision: 3, id: 'site', createdAt: '2026-01-01T10:00:00Z', createdBy: 'seed', restoredFrom: null, content: banners },
      ]);
    if (url === '/api/editor/session') return json({ user: { email: 'ana@cardlift.example', role }, csrfToken: 'csrf-1' });
    if (url.startsWith('/api/editor/presence'))
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ others: [] });
    if (url.endsWith('/publish')) return publish();
    if (url === '/api/content/blog') return json([]);
    return json(init?.method === 'PUT' ? { ...status, latestRevision: 4 } : status);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const client = new EditorClient();
  // As the app does on start: the session's answer gives the client its CSRF token.
  await client.currentSession();
  const session: Session = { user: { email: 'ana@cardlift.example', role }, csrfToken: 'csrf-1' };
  render(
    <EditorProvider client={client}>
      <ItemScreen kind="banners" id="site" session={session} />
    </EditorProvider>,
  );
  return { fetchMock };
}

/** The outcome beside the buttons (the live region says the same, out of sight). */
const OUTCOME = '[data-outcome]';
const headersOf = (init: RequestInit | undefined) => init!.headers as Record<string, string>;

it('shows an editor Save draft and Preview, and no publishing', async () => {
  await open('editor');
  expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
  expect(await screen.findByText('Revision 3')).toBeInTheDocument();
});

it('saves based on the revision shown, with the CSRF token, and says so beside the button', async () => {
  const { fetchMock } = await open('publisher');
  await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
  expect(
    await screen.findByText(/^Saved \d\d:\d\d: revision 4, a draft \(visitors still see revision 3\)\.$/, { selector: OUTCOME }),
  ).toBeVisible();
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
  expect(put[0]).toBe('/api/content/banners/site');
  expect(headersOf(put[1])).toMatchObject({ 'X-CSRF-Token': 'csrf-1', 'If-Match': '"r3"' });
  expect(JSON.parse(String(put[1]!.body))).toEqual(banners);
});

it('asks before publishing, naming the address, and publishes the revision shown', async () => {
  const { fetchMock } = await open('publisher');
  await userEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
  const dialog = screen.getByRole('dialog', { name: 'Publish the banners now?' });
  expect(dialog).toHaveTextContent(`goes live for every visitor at every page of ${window.location.origin}`);
  expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/publish'))).toBe(false);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
  expect(await screen.findByText(/^Published \d\d:\d\d: revision 3 is live at every page of /, { selector: OUTCOME })).toBeVisible();
  const publish = fetchMock.mock.calls.find(([url]) => url.endsWith('/publish'))!;
  expect(headersOf(publish[1])['If-Match']).toBe('"r3"');
});

it('shows a refusal of the server in plain words beside the buttons', async () => {
  await open('publisher', () => json({ error: 'no blog post "coffee-shop-offers"', code: 'content_refused' }, 409));
  await userEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish now' }));
  expect(
    await screen.findByText(/^Not published: no blog post "coffee-shop-offers"\. Fix that first/, { selector: OUTCOME }),
  ).toBeVisible();
});

it('shows the time zone, refuses a time that has passed, and schedules a future one as an ISO time', async () => {
  const { fetchMock } = await open('publisher');
  expect(await screen.findByLabelText(/^Publish at \(your time: .+ \(UTC[+-]\d\d:\d\d\)\)$/)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Publish at/), '2020-05-01T09:30');
  expect(screen.getByText(/^That is 2020-05-0[12] \d\d:\d\d UTC\.$/)).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByText(/^Not scheduled: 2020-05-0[12] .* has already passed\./, { selector: OUTCOME })).toBeVisible();
  expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/publish'))).toBe(false);

  await userEvent.clear(screen.getByLabelText(/^Publish at/));
  await userEvent.type(screen.getByLabelText(/^Publish at/), '2030-05-01T09:30');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/publish'))).toBe(true));
  const publish = fetchMock.mock.calls.find(([url]) => url.endsWith('/publish'))!;
  expect(JSON.parse(String(publish[1]!.body))).toEqual({ at: new Date('2030-05-01T09:30').toISOString() });
  expect(headersOf(publish[1])['If-Match']).toBe('"r3"');
  expect(await screen.findByText(/^Scheduled: revision 3 goes live/, { selector: OUTCOME })).toBeVisible();
});
