/**
 * Every page of the site, for the checks of the HTML the api sends: each static page (the shell's and
 * every section's), content pages, and the not-found page. Taken from the same page tables and content
 * the api answers from, so a page added to a section is checked without anyone listing it here.
 */
import path from 'node:path';
import { REMOTES, type RemoteMeta } from '@cardlift/contracts';
import { shellPages } from '@cardlift/shell/meta';
import { loadContent } from '../../api/src/content/content-store';

/**
 * The page tables of the checkout's sections (the builds the shared test site serves), one per row of
 * the table of remotes. Jest compiles each `meta.ts` on `require`, as it does an import.
 */
const REMOTE_META: RemoteMeta[] = REMOTES.map(
  (remote) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folders are the table's rows, known only when it runs
    (require(path.resolve(__dirname, '..', '..', remote.packageDir, 'src', 'meta')) as { remoteMeta: RemoteMeta }).remoteMeta,
);

export interface SitePage {
  path: string;
  /** The status the api must answer with. */
  status: number;
}

const NOT_FOUND_PATH = '/no-such-page';

/**
 * `each: 'kind'` takes one content page of each pattern for each status it answers with (a job open
 * and closed); `each: 'item'` takes the page of every content item.
 */
export function sitePages(contentDir: string, each: 'kind' | 'item' = 'kind'): SitePage[] {
  const content = loadContent(contentDir);
  const ids = [...content.caseStudies.map((c) => c.id), ...content.blogPosts.map((p) => p.id), ...content.jobs.map((j) => j.slug)];
  const pages = new Map<string, SitePage>();
  for (const page of [...shellPages, ...REMOTE_META.flatMap((meta) => meta.pages)]) {
    pages.set(page.path, { path: page.path, status: page.status ?? 200 });
  }
  for (const { pattern, resolve } of REMOTE_META.flatMap((meta) => meta.dynamic)) {
    const kinds = new Set<number>();
    for (const id of pattern.includes(':') ? ids : ['']) {
      const path = pattern.replace(/:\w+/g, id);
      const meta = resolve(Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1] as string, id])), content);
      const status = meta?.status ?? 200;
      if (meta && (each === 'item' || !kinds.has(status))) {
        kinds.add(status);
        pages.set(path, { path, status });
      }
    }
  }
  pages.set(NOT_FOUND_PATH, { path: NOT_FOUND_PATH, status: 404 });
  return [...pages.values()];
}
