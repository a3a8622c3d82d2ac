/**
 * The editor's home: what is scheduled next, the job postings closing within 14 days, and a list of
 * each kind's items with their state, who saved them last and when.
 */
import { Card, CardTitle } from '@cardlift/shell/ui';
import { BANNERS_ITEM_ID, CONTENT_KINDS, EDITOR_PATH, type ContentKind } from '@cardlift/contracts';
import { useEditor } from '../editor-context';
import { EditorLink, itemHref } from '../navigation';
import { useLoad, type Loaded } from '../use-load';
import { formatTime } from './dates';

export const KIND_LABELS: Record<ContentKind, { plural: string; one: string }> = {
  casestudies: { plural: 'Case studies', one: 'case study' },
  blog: { plural: 'Blog posts', one: 'blog post' },
  jobs: { plural: 'Jobs', one: 'job' },
  banners: { plural: 'Banners', one: 'banners' },
};

const COLUMNS = ['Title', 'State', 'Author', 'Updated'];
const LINK_CLASS = 'text-primary underline underline-offset-2';

function LoadState({ loaded, empty }: { loaded: Loaded<unknown[]>; empty: string }) {
  if (loaded.error) return <p className="mt-2 text-sm font-medium text-red-700">Could not load: {loaded.error.message}</p>;
  if (loaded.loading && !loaded.data) return <p className="mt-2 text-sm text-muted">Loading…</p>;
  if (loaded.data?.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return null;
}

function KindList({ kind }: { kind: ContentKind }) {
  const { client } = useEditor();
  const items = useLoad(() => client.list(kind), kind);
  const labels = KIND_LABELS[kind];
  const headingId = `list-${kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          {labels.plural}
        </h2>
        {kind === 'banners' ? (
          <EditorLink href={itemHref(kind, BANNERS_ITEM_ID)} className={LINK_CLASS}>
            Edit the announcement bar and the home page pill
          </EditorLink>
        ) : (
          <EditorLink href={itemHref(kind, null)} className={LINK_CLASS}>
            New {labels.one}
          </EditorLink>
        )}
      </div>
      <LoadState loaded={items} empty={`No ${labels.plural.toLowerCase()} yet.`} />
      {items.data && items.data.length > 0 && (
        <div className="mt-3">
          {/* Fixed columns whose text wraps: on a phone every link stays on the screen, nothing scrolls sideways. */}
          <table className="w-full table-fixed border-collapse text-left text-sm break-words">
            <thead>
              <tr className="border-b border-line text-muted">
                {COLUMNS.map((column, i) => (
                  <th key={column} scope="col" className={`py-2 pr-4 font-medium ${i === 0 ? 'w-2/5' : ''}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.data.map((item) => (
                <tr key={item.id} className="border-b border-line">
                  <td className="py-2 pr-4">
                    <EditorLink href={itemHref(kind, item.id)} className={LINK_CLASS}>
                      {item.title || item.id}
                    </EditorLink>
                  </td>
                  <td className="py-2 pr-4 text-ink">
                    {item.state}
                    {item.state === 'scheduled' && item.publishAt ? ` for ${formatTime(item.publishAt)}` : ''}
                  </td>
                  <td className="py-2 pr-4 break-all text-ink">{item.author}</td>
                  <td className="py-2 text-ink">{formatTime(item.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Panels() {
  const { client } = useEditor();
  const scheduled = useLoad(() => client.scheduled(), 'scheduled');
  const closing = useLoad(() => client.closingSoon(), 'closing-soon');
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      <Card>
        <CardTitle as="h2">Scheduled next</CardTitle>
        <LoadState loaded={scheduled} empty="Nothing is scheduled." />
        <ul className="mt-2 space-y-2 text-sm">
          {scheduled.data?.map((entry) => (
            <li key={`${entry.kind}/${entry.id}`}>
              <EditorLink href={itemHref(entry.kind, entry.id)} className={LINK_CLASS}>
                {entry.title || entry.id}
              </EditorLink>{' '}
              <span className="text-muted">
                ({KIND_LABELS[entry.kind].one}) {formatTime(entry.publishAt)}, by {entry.author}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <CardTitle as="h2">Jobs closing within 14 days</CardTitle>
        <LoadState loaded={closing} empty="No live posting closes within 14 days." />
        <ul className="mt-2 space-y-2 text-sm">
          {closing.data?.map((job) => (
            <li key={job.slug}>
              <EditorLink href={itemHref('jobs', job.slug)} className={LINK_CLASS}>
                {job.title}
              </EditorLink>{' '}
              <span className="text-muted">last day {job.validThrough}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

export function Dashboard() {
  return (
    <>
      <h1 className="text-3xl font-semibold text-ink">Content</h1>
      <p className="mt-2">
        <EditorLink href={`${EDITOR_PATH}/experiments`} className={LINK_CLASS}>
          Experiments and their results
        </EditorLink>
      </p>
      <Panels />
      {CONTENT_KINDS.map((kind) => (
        <KindList key={kind} kind={kind} />
      ))}
    </>
  );
}
