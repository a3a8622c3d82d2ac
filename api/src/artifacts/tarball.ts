/**
 * A remote's build travels to the release API as a gzipped tar of its dist folder. Unpacking streams
 * it with every limit checked as the bytes arrive (decompressed size, file count, one file's size),
 * and stops reading the moment one is crossed: a few kilobytes of gzip can stand for gigabytes. An
 * entry that would leave its folder (absolute paths, `..`), a link or a device refuses the archive.
 * It runs in a worker thread (upload-worker.ts), never on the api's event loop.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { DomainError } from '../platform/errors';

export async function packDir(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = tar.create({ gzip: true, cwd: dir, portable: true }, fs.readdirSync(dir));
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** An upload's refusals, by kind: the codes the release API has always answered with. */
const TARBALL_CODES = { invalid: 'bad_archive', too_large: 'payload_too_large', unavailable: 'busy' } as const;
export type TarballRefusal = keyof typeof TARBALL_CODES;

/**
 * An upload refused before anything was stored: `invalid` for a malformed archive, `too_large` for one
 * over a limit, `unavailable` when the server is too busy to take it now (with the seconds to wait
 * before trying again).
 */
export class TarballRefused extends DomainError {
  constructor(
    kind: TarballRefusal,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(kind, TARBALL_CODES[kind], message);
  }

  declare readonly kind: TarballRefusal;
}

export interface UnpackLimits {
  unpackedBytes: number;
  files: number;
  fileBytes: number;
}

/**
 * Tar pads its last record with zero blocks after the two end-of-archive blocks (10 KiB records for
 * GNU tar). More than this after the end is refused: node-tar would keep concatenating it, and it is
 * no part of a build.
 */
export const TRAILING_BYTES_ALLOWED = 64 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];

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

/** Unpacks `archive` into `dest` (an empty folder); resolves with the number of files and their bytes. */
export function unpackLimited(archive: string, dest: string, limits: UnpackLimits): Promise<{ files: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const source = fs.createReadStream(archive);
    const gunzip = zlib.createGunzip();
    // Fed decompressed bytes; zstd off so nothing inside is decompressed a second time unseen.
    const parser = new tar.Parser({ strict: true, zstd: false });
    let settled = false;
    let decompressed = 0;
    let afterEnd: number | undefined;
    let entries = 0;
    let bytes = 0;
    let open: number | undefined;

    const fail = (error: TarballRefused) => {
      if (settled) return;
      settled = true;
      source.destroy();
      gunzip.destroy();
      parser.abort(error);
      if (open !== undefined) fs.closeSync(open);
      open = undefined;
      reject(error);
    };
    const over = (message: string) => fail(new TarballRefused('too_large', message));

    parser.on('eof', () => (afterEnd = 0));
    parser.on('error', (error: Error) =>
      fail(new TarballRefused('invalid', `the upload is not a gzipped tar of a build (${error.message})`)),
    );
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (settled) return void entry.resume();
      const problem = entryProblem(entry.path, entry.type);
      if (problem) return fail(new TarballRefused('invalid', `the archive was refused: ${problem}`));
      const size = entry.size ?? 0;
      entries += 1;
      bytes += size;
      if (entries > limits.files) return over(`the archive holds more than ${limits.files} files (RELEASE_MAX_FILES)`);
      if (size > limits.fileBytes)
        return over(`${entry.path} is ${size} bytes, over the limit of ${limits.fileBytes} for one file (RELEASE_MAX_FILE_BYTES)`);
      if (bytes > limits.unpackedBytes)
        return over(`the archive unpacks to more than ${limits.unpackedBytes} bytes (RELEASE_MAX_UNPACKED_BYTES)`);
      try {
        const target = path.resolve(dest, entry.path);
        if (target !== dest && !target.startsWith(dest + path.sep)) throw new Error('the path leaves the build folder');
        if (entry.type === 'Directory') {
          fs.mkdirSync(target, { recursive: true });
          return void entry.resume();
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // 'wx': a path given twice is refused rather than silently overwritten.
        const fd = fs.openSync(target, 'wx');
        open = fd;
        entry.on('data', (chunk: Buffer) => {
          if (!settled) fs.writeSync(fd, chunk);
        });
        entry.on('end', () => {
          if (open === fd) fs.closeSync(fd);
          open = undefined;
        });
      } catch (error) {
        fail(new TarballRefused('invalid', `the archive was refused: ${entry.path} (${(error as Error).message})`));
      }
    });
    parser.on('end', () => {
      if (settled) return;
      if (entries === 0) return fail(new TarballRefused('invalid', 'the upload is not a gzipped tar of a build (no files in it)'));
      settled = true;
      resolve({ files: entries, bytes });
    });

    gunzip.on('data', (chunk: Buffer) => {
      decompressed += chunk.length;
      if (decompressed > limits.unpackedBytes)
        return over(`the archive decompresses to more than ${limits.unpackedBytes} bytes (RELEASE_MAX_UNPACKED_BYTES)`);
      if (afterEnd !== undefined) {
        afterEnd += chunk.length;
        if (afterEnd > TRAILING_BYTES_ALLOWED)
          fail(
            new TarballRefused('invalid', `the archive carries data after its end (more than ${TRAILING_BYTES_ALLOWED} bytes): refused`),
          );
        return;
      }
      if (decompressed === chunk.length && GZIP_MAGIC.every((byte, i) => chunk[i] === byte))
        return fail(new TarballRefused('invalid', 'the archive is compressed twice: send one gzipped tar'));
      try {
        parser.write(chunk);
      } catch (error) {
        fail(new TarballRefused('invalid', `the archive could not be unpacked (${(error as Error).message})`));
      }
    });
    gunzip.on('end', () => parser.end());
    gunzip.on('error', (error) => fail(new TarballRefused('invalid', `the upload is not a gzipped tar (${error.message})`)));
    source.on('error', (error) => fail(new TarballRefused('invalid', `the upload could not be read (${error.message})`)));
    source.pipe(gunzip);
  });
}
