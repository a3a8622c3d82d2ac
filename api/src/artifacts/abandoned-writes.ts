/**
 * What an instance stopped in the middle of a write (a crash, a kill, a deploy) leaves in the shared
 * release folder. Every write there goes to a dot-named place first and is renamed into place once
 * whole, so none of it is ever served; but it holds disk (a release upload: its archive and every
 * unpacked file) until something removes it. Each kind is known by where it is and how it is named,
 * and is removed once it is older than any write takes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeFolder } from './remove-folder';

/** A folder and the names, inside it, of the writes an instance makes there before renaming them. */
export interface WritePlace {
  dir: string;
  isWrite(name: string): boolean;
}

/** The names in `dir`, none when it does not exist. */
export async function namesIn(dir: string): Promise<string[]> {
  return fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => ignoreMissing(error) ?? []);
}

/**
 * Removes each write in `places` last changed before `before` (folders in a thread of their own);
 * answers how many. Another instance removing the same one at once is no error.
 */
export async function removeAbandonedWrites(places: readonly WritePlace[], before: Date): Promise<number> {
  let removed = 0;
  for (const place of places) {
    for (const name of (await namesIn(place.dir)).filter((n) => place.isWrite(n))) {
      const entry = path.join(place.dir, name);
      const stat = await fs.promises.lstat(entry).catch(ignoreMissing);
      if (!stat || stat.mtime >= before) continue;
      if (stat.isDirectory()) await removeFolder(entry);
      else if (!(await unlinkIfPresent(entry))) continue;
      removed += 1;
    }
  }
  return removed;
}

/** Deletes `file`; false when it was already gone (another instance's sweep). */
export function unlinkIfPresent(file: string): Promise<boolean> {
  return fs.promises.unlink(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => ignoreMissing(error) ?? false,
  );
}

/** Another instance sharing the folder may have removed the file first. */
export function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
