/**
 * A remote's build travels to the release API as a gzipped tar of its dist folder. Unpacking refuses
 * the whole archive, before writing anything, when an entry would leave its folder (absolute paths,
 * `..`), is a link or a device, or the files add up to more than the cap.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';

export async function packDir(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = tar.create({ gzip: true, cwd: dir, portable: true }, fs.readdirSync(dir));
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** What is wrong with an entry's path or type, or undefined when it is a plain file or folder inside. */
function entryProblem(entryPath: string, type: string): string | undefined {
  if (type !== 'File' && type !== 'Directory' && type !== 'OldFile' && type !== 'ContiguousFile')
    return `${entryPath}: ${type} entries are not accepted`;
  const normal = path.posix.normalize(entryPath.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../') || /(^|\/)\.\.(\/|$)/.test(entryPath)) {
    return `${entryPath}: the path leaves the build folder`;
  }
  return undefined;
}

export class TarballRefused extends Error {}

/** Lists the archive, checks every entry, then unpacks it into `dest` (an empty folder). */
export async function unpackChecked(archive: string, dest: string, maxBytes: number): Promise<void> {
  const problems: string[] = [];
  let total = 0;
  let entries = 0;
  try {
    await tar.list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        entries += 1;
        const problem = entryProblem(entry.path, entry.type);
        if (problem) problems.push(problem);
        total += entry.size ?? 0;
      },
    });
  } catch (error) {
    throw new TarballRefused(`the upload is not a gzipped tar (${(error as Error).message})`);
  }
  if (entries === 0) throw new TarballRefused('the upload is not a gzipped tar of a build (no files in it)');
  if (problems.length) throw new TarballRefused(`the archive was refused: ${problems.slice(0, 5).join('; ')}`);
  if (total > maxBytes) throw new TarballRefused(`the archive unpacks to ${total} bytes, over the limit of ${maxBytes}`);
  try {
    await tar.extract({ file: archive, cwd: dest, strict: true, preservePaths: false });
  } catch (error) {
    throw new TarballRefused(`the archive could not be unpacked (${(error as Error).message})`);
  }
}
