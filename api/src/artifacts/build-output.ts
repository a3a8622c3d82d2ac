/**
 * Building a remote and turning the output into an immutable release directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs the remote's own `npm run build` with its output sent to `outDir` (CARDLIFT_BUILD_DIR, which
 * the browser and server builds of shell/build/ both follow).
 */
export function buildRemote(pkgDir: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent'], {
      cwd: pkgDir,
      env: { ...process.env, CARDLIFT_BUILD_DIR: outDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the build of ${path.basename(pkgDir)} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(path.join(dir, entry.name), rel) : [rel];
    })
    .sort();
}

/**
 * Feeds a file's bytes to `hash` a megabyte at a time: a release's files are hashed without ever
 * being whole in memory (a 40 MB upload held 40 MB more while it was hashed).
 */
function hashFile(hash: crypto.Hash, file: string): crypto.Hash {
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  try {
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash;
}

export function sha256File(file: string): string {
  return hashFile(crypto.createHash('sha256'), file).digest('hex');
}

/** Short hash of every file's path and bytes: the same build gives the same version. */
export function contentHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const rel of listFiles(dir)) {
    hashFile(hash.update(rel).update('\0'), path.join(dir, rel)).update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** The folder of a build that holds its server bundle (never served; loaded by the render workers). */
const SERVER_FOLDER = 'server';

/** SHA-256 of each file of the build's server bundle, keyed by its path inside the build. */
export function serverChecksums(buildDir: string): Record<string, string> {
  const dir = path.join(buildDir, SERVER_FOLDER);
  if (!fs.existsSync(dir)) return {};
  const sums: Record<string, string> = {};
  for (const rel of listFiles(dir)) sums[`${SERVER_FOLDER}/${rel}`] = sha256File(path.join(dir, rel));
  return sums;
}

/** What a release needs to know of a build's bytes, computed once (in a worker for an upload). */
export interface BuildDigest {
  contentHash: string;
  serverChecksums: Record<string, string>;
  /** Size of all its files together. */
  bytes: number;
}

export function digestBuild(buildDir: string): BuildDigest {
  const bytes = listFiles(buildDir).reduce((sum, rel) => sum + fs.statSync(path.join(buildDir, rel)).size, 0);
  return { contentHash: contentHash(buildDir), serverChecksums: serverChecksums(buildDir), bytes };
}

/**
 * Refuses a build holding anything but folders and regular files. A symlink copied into a release
 * would be followed when served or rendered (a link to the leads database would serve it), as the
 * release API already refuses links in an uploaded archive.
 */
export function assertPlainFiles(dir: string, prefix = ''): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) assertPlainFiles(path.join(dir, entry.name), rel);
    else if (!entry.isFile())
      throw new Error(`the build holds ${rel}, which is ${entry.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}: refused`);
  }
}

/** The sibling a build is copied into before it is renamed to its version's folder. */
export const BUILD_STAGING_PREFIX = '.staging-';

/**
 * Copies a build to `target`, never touching an existing directory: the copy goes to a sibling
 * staging directory first (asynchronously: a large build never holds up the event loop) and is
 * renamed into place, so the api never serves half a release.
 * Returns false when `target` already existed (same content hash: the same build).
 */
export async function publishBuild(buildDir: string, target: string, bookkeeping: Record<string, string> = {}): Promise<boolean> {
  if (fs.existsSync(target)) return false;
  assertPlainFiles(buildDir);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // A leading dot: no staging folder is ever a valid version name, so none can be served half-written.
  // A random part: two api instances (or two apps in one process) never share one.
  const staging = path.join(path.dirname(target), `${BUILD_STAGING_PREFIX}${path.basename(target)}-${crypto.randomUUID()}`);
  try {
    await fs.promises.cp(buildDir, staging, { recursive: true });
    // Written before the rename: a release is never visible without its bookkeeping.
    for (const [name, text] of Object.entries(bookkeeping)) await fs.promises.writeFile(path.join(staging, name), text);
    await fs.promises.rename(staging, target);
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    // Another process published the same version first: the content is identical.
    if (fs.existsSync(target)) return false;
    throw error;
  }
  return true;
}

/** The checkout's commit, recorded with a release made from it. */
export function gitSha(siteRoot: string): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: siteRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  try {
    const sha = git('rev-parse', '--short', 'HEAD');
    if (!sha) return undefined;
    // As `git describe --dirty`: a build of a tree with uncommitted changes is not that commit.
    return git('status', '--porcelain', '--untracked-files=no') ? `${sha}-dirty` : sha;
  } catch {
    return undefined;
  }
}
