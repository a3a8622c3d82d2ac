/**
 * The script files of a page chunk, as this build's own page table (`page-chunks.json`, written
 * beside its container by the build) names them: the shell hints them to the browser for links in
 * view (a low-priority download into the HTTP cache, nothing run), so the page's code does not
 * compete with the current page. The table is asked for once, and again after a failure.
 */
import { PAGE_CHUNKS_FILE } from '@cardlift/contracts';

/** Where this build's files are served from, set by the runtime from the container's URL (`publicPath: 'auto'`). */
declare const __webpack_public_path__: string | undefined;

type PageTable = Record<string, string[]>;

let table: Promise<PageTable> | undefined;

function pageTable(base: string): Promise<PageTable> {
  table ??= fetch(new URL(PAGE_CHUNKS_FILE, base), { credentials: 'same-origin' })
    .then((answer) => {
      if (!answer.ok) throw new Error(`${PAGE_CHUNKS_FILE} answered ${answer.status}`);
      // The table comes with the build that reads it: a file not shaped as one fails in the caller.
      return answer.json() as Promise<PageTable>;
    })
    .catch(() => {
      table = undefined;
      return {};
    });
  return table;
}

/** The full URLs of chunk `chunk`'s script files; none outside a build (tests, the server) or when the table is missing. */
export async function pageChunkUrls(chunk: string): Promise<string[]> {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  if (!/^https?:/.test(base)) return [];
  const files = (await pageTable(base))[chunk] ?? [];
  return files.map((file) => new URL(file, base).href);
}
