/**
 * Every kind's form round-trips: after Save draft, what the server stored is what the form compares
 * with, so the screen is clean (Publish enabled, no "Save your changes first", nothing kept to offer
 * back, no question on leaving) and saving again is not needed. The server here stores what the api
 * does: the body as the kind's schema outputs it. Every seed item of every kind is tried.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_ID_FIELDS, CONTENT_KIND_SCHEMAS, BANNERS_ITEM_ID, type ContentKind } from '@cardlift/contracts';
import { EditorClient, type Session } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { ItemScreen } from './item-screen';

const CONTENT_DIR = path.join(__dirname, '../../../api/content');
const FOLDERS: Record<Exclude<ContentKind, 'banners'>, string> = { casestudies: 'case-studies', blog: 'blog', jobs: 'jobs' };
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const seeds: [ContentKind, string, Record<string, unknown>][] = [
  ...Object.entries(FOLDERS).flatMap(([kind, folder]) =>
    fs.readdirSync(path.join(CONTENT_DIR, folder)).map((file) => {
      const item = read(path.join(CONTENT_DIR, folder, file));
      return [kind as ContentKind, String(item[CONTENT_ID_FIELDS[kind as ContentKind]!]), item] as [
        ContentKind,
        string,
        Record<string, unknown>,
      ];
    }),
  ),
  ['banners', BANNERS_ITEM_ID, read(path.join(CONTENT_DIR, 'banners.json'))],
];

const json = (body: unknown, code = 200) =>
  new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
const session: Session = { user: { email: 'ana@cardlift.example', role: 'publisher' }, csrfToken: 'csrf-1' };

/** A content API holding one published item; a save stores the schema's output as the next revision. */
function serve(kind: ContentKind, id: string, content: unknown) {
  const item = { kind, id, state: 'published', latestRevision: 1, liveRevision: 1, scheduledRevision: null, publishAt: null, content };
  const puts: unknown[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/editor/presence'))
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ others: [] });
    if (url === '/api/content/blog') return json([]);
    if (url.endsWith('/revisions'))
      return json([
        {
          revision: item.latestRevision,
          id,
          createdAt: '2026-01-01T10:00:00Z',
          createdBy: 'seed',
          restoredFrom: null,
          content: item.content,
        },
      ]);
    if (init?.method === 'PUT') {
      const body: unknown = JSON.parse(String(init.body));
      puts.push(body);
      const parsed = CONTENT_KIND_SCHEMAS[kind].safeParse(body);
      if (!parsed.success) return json({ error: parsed.error.message, code: 'validation_failed' }, 400);
      const saved = parsed.data as Record<string, unknown>;
      Object.assign(item, {
        id: String(saved[CONTENT_ID_FIELDS[kind] ?? ''] ?? id) || id,
        latestRevision: item.latestRevision + 1,
        content: saved,
      });
    }
    return json(item);
  }) as unknown as typeof fetch;
  return { puts };
}

/** The first text box of the item's words: a title, or the announcement bar's text. */
const wordsField = (kind: ContentKind) =>
  document.getElementById(kind === 'banners' ? 'field-primary-text' : 'field-title') as HTMLInputElement;

afterEach(() => window.localStorage.clear());

it.each(seeds.map(([kind, id, content]) => [`${kind}/${id}`, kind, id, content] as const))(
  '%s: after Save draft the screen is clean',
  async (_, kind, id, content) => {
    const { puts } = serve(kind, id, content);
    render(
      <EditorProvider client={new EditorClient()}>
        <ItemScreen kind={kind} id={id} session={session} />
      </EditorProvider>,
    );
    const publish = await screen.findByRole('button', { name: 'Publish now' });
    expect(publish).toBeEnabled();
    await userEvent.type(wordsField(kind), ' (edited)');
    await waitFor(() => expect(publish).toBeDisabled());

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/^Saved \d\d:\d\d: revision 2/, { selector: '[data-outcome]' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish now' })).toBeEnabled());
    expect(screen.queryByText(/^Save your changes first/)).not.toBeInTheDocument();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
    expect(puts).toHaveLength(1);
    // Nothing is kept in the browser to be offered back on the next visit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Object.keys(window.localStorage)).toEqual([]);
  },
);

it('draws alt text controls only for an image whose texts the kind stores', () => {
  const [, id, content] = seeds.find(([kind]) => kind === 'casestudies')!;
  serve('casestudies', id, content);
  render(
    <EditorProvider client={new EditorClient()}>
      <ItemScreen kind="casestudies" id={id} session={session} />
    </EditorProvider>,
  );
  return waitFor(() => {
    expect(screen.getByLabelText(/^Alt text of the hero image/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Alt text of the client logo/)).not.toBeInTheDocument();
  });
});

it('keeps the edits of a tab closed right after typing (pagehide), before the typing pause writes them', async () => {
  const [kind, id, content] = seeds.find(([k]) => k === 'blog')!;
  serve(kind, id, content);
  render(
    <EditorProvider client={new EditorClient()}>
      <ItemScreen kind={kind} id={id} session={session} />
    </EditorProvider>,
  );
  await screen.findByRole('button', { name: 'Publish now' });
  await userEvent.type(wordsField(kind), '!', { delay: null });
  window.dispatchEvent(new Event('pagehide'));
  const kept = Object.entries(window.localStorage).map(([, value]) => JSON.parse(String(value)) as { values: { title: string } });
  expect(kept.map((draft) => draft.values.title)).toEqual([`${String(content.title)}!`]);
});

it('follows a rename: the address names the id the item was saved under, so a reload finds it', async () => {
  const [kind, id, content] = seeds.find(([k]) => k === 'blog')!;
  serve(kind, id, content);
  window.history.replaceState(null, '', `/editor/blog/${id}`);
  render(
    <EditorProvider client={new EditorClient()}>
      <ItemScreen kind={kind} id={id} session={session} />
    </EditorProvider>,
  );
  await screen.findByRole('button', { name: 'Publish now' });
  const idField = document.getElementById('field-id') as HTMLInputElement;
  await userEvent.clear(idField);
  await userEvent.type(idField, 'a-new-address');
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(window.location.pathname).toBe('/editor/blog/a-new-address'));
});
