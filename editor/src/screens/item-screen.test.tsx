/**
 * An item's screen: a publisher gets the publishing buttons and an editor does not; a save carries
 * the session's CSRF token, and a schedule sends the chosen local time as an ISO time.
 */
import { render, screen, waitFor } from '@testing-library/react';
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

async function open(role: Session['user']['role']) {
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/revisions'))
      return json([
        { revision: 3, id: 'site', createdAt: '2026-01-01T10:00:00Z', createdBy: 'seed', restoredFrom: null, content: banners },
      ]);
    if (url === '/api/editor/session') return json({ user: { email: 'ana@cardlift.example', role }, csrfToken: 'csrf-1' });
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

it('shows an editor Save draft and Preview, and no publishing', async () => {
  await open('editor');
  expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Publish now' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
  expect(await screen.findByText('Revision 3')).toBeInTheDocument();
});

it('saves with the CSRF token, and schedules at the chosen time as an ISO time', async () => {
  const { fetchMock } = await open('publisher');
  await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Draft saved (revision 4).'));
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
  expect(put[0]).toBe('/api/content/banners/site');
  expect((put[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-1');
  expect(JSON.parse(String(put[1]!.body))).toEqual(banners);

  await userEvent.type(screen.getByLabelText('Publish at'), '2030-05-01T09:30');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/publish'))).toBe(true));
  const publish = fetchMock.mock.calls.find(([url]) => url.endsWith('/publish'))!;
  expect(JSON.parse(String(publish[1]!.body))).toEqual({ at: new Date('2030-05-01T09:30').toISOString() });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Schedule: done.'));
  expect(await screen.findByText('Revision 3')).toBeInTheDocument();
});
