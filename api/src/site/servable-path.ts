/**
 * The one rule for every file the api serves from disk. A request path is decoded once, here, and
 * must then be a plain relative path: no empty, `.` or `..` segment, no dotfile, no backslash, NUL
 * or `%` left after decoding (a second decoding would turn `%2573erver` into `server`), no source
 * map, nothing under a folder the caller keeps private (a build's `server/`). Whatever passes is
 * served only if no symlink lies between the root and the file (see `assertNoLink`).
 */
import fs from 'node:fs';
import path from 'node:path';

export type PathVerdict = { ok: true; rel: string } | { ok: false; status: 400 | 404 };

/** Source maps carry the full sources: kept beside the build for error tracking, never served. */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/;
const FORBIDDEN_CHARS = /[\\%\0]/;

/** `raw` is the still-encoded remainder of the URL path below a root (`assets/main.1a2b.js`). */
export function servablePath(raw: string, privateDirs: readonly string[] = []): PathVerdict {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400 };
  }
  if (FORBIDDEN_CHARS.test(decoded)) return { ok: false, status: 404 };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return { ok: false, status: 404 };
  if (SOURCE_MAP.test(decoded) || privateDirs.includes(segments[0]!)) return { ok: false, status: 404 };
  return { ok: true, rel: segments.join('/') };
}

/** The same path, encoded again for a sender that decodes once more (@koa/send). */
export function encodeForSend(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

/** Answered 404 by static serving: the visitor learns nothing about what is on disk. */
export class LinkRefused extends Error {
  readonly status = 404;
  readonly expose = false;
  constructor(file: string) {
    super(`${file} is, or lies behind, a symbolic link or is gone: not served`);
  }
}

/**
 * Throws when `file` (inside `root`) is a symlink or is reached through one. The root itself may sit
 * behind a link (a deploy's `current -> releases/...`): only the part below it is checked.
 */
export function assertNoLink(root: string, file: string): void {
  let real: string;
  let expected: string;
  try {
    expected = path.join(fs.realpathSync(root), path.relative(path.resolve(root), file));
    real = fs.realpathSync(file);
  } catch {
    // Gone between send's stat and this check (a release being removed): not found, not a 500.
    throw new LinkRefused(file);
  }
  if (real !== expected) throw new LinkRefused(file);
}
