/**
 * A section's page table of chunks (`page-chunks.json`, written by its build): the script files of
 * each page's own chunk, preloaded with that page's HTML. The file is an optimisation: a build
 * without one, or with one that does not read as such a table, preloads what it did before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PAGE_CHUNKS_FILE } from '@cardlift/contracts';
import { derivedFromFiles } from './file-derived';

// Files of the build's own asset folder only: the table names what the api sends as preload links.
const pageChunksSchema = z.record(z.string(), z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)));

type PageChunks = z.infer<typeof pageChunksSchema>;

function readPageChunks(file: string): PageChunks {
  try {
    const parsed = pageChunksSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The script files (relative to the build) of the page chunk `chunk` of the build in `dir`. */
export function pageChunkFiles(dir: string, chunk: string | undefined): string[] {
  if (!chunk) return [];
  const file = path.join(dir, PAGE_CHUNKS_FILE);
  const table = derivedFromFiles([file], () => readPageChunks(file), 'page-chunks');
  return Object.hasOwn(table, chunk) ? (table[chunk] ?? []) : [];
}
