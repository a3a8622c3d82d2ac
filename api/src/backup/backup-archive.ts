/**
 * One backup archive (gzipped tar): `manifest.json`, the SQLite database (`database.sqlite`, from
 * SQLite's online backup, so it is consistent while the api serves) and every uploaded content image
 * (`images/<hash>.webp`). The manifest lists each file with its size and SHA-256, and what the
 * database holds; a restore checks every checksum before it touches anything. With PostgreSQL the
 * database is not in the archive (pg_dump is the tool for it): the manifest says so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'database.sqlite';
export const IMAGES_DIR = 'images';
const FORMAT = 1;

const countsSchema = z.object({
  leads: z.number(),
  contentItems: z.number(),
  contentRevisions: z.number(),
  editorAccounts: z.number(),
  releases: z.number(),
});
export type DatabaseCounts = z.infer<typeof countsSchema>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** What the SQLite copy holds; null with PostgreSQL. */
  counts: countsSchema.nullable(),
  files: z.array(z.object({ path: z.string(), bytes: z.number(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const sha256Of = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** What a SQLite database file holds, counted (read-only). */
export function countsOf(file: string): DatabaseCounts {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  try {
    return {
      leads: count('leads'),
      contentItems: count('content_items'),
      contentRevisions: count('content_revisions'),
      editorAccounts: count('editor_accounts'),
      releases: count('remote_releases'),
    };
  } finally {
    db.close();
  }
}

/** Writes `target` (which must not exist) from the files in `staging`, with their manifest. */
export async function writeArchive(
  staging: string,
  target: string,
  manifest: Omit<BackupManifest, 'files' | 'format'>,
): Promise<BackupManifest> {
  const files = fs
    .readdirSync(staging, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(staging, path.join(entry.parentPath, entry.name)))
    .sort();
  const full: BackupManifest = {
    format: FORMAT,
    ...manifest,
    files: files.map((file) => ({
      path: file,
      bytes: fs.statSync(path.join(staging, file)).size,
      sha256: sha256Of(path.join(staging, file)),
    })),
  };
  fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  // Written aside and renamed: a half-written archive never carries the final name.
  const partial = `${target}.partial-${process.pid}`;
  await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, [MANIFEST, ...files]);
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, target);
  return full;
}

/**
 * Unpacks `archive` into a fresh folder and checks it whole: a manifest of this format, every file it
 * lists there with its size and SHA-256, nothing else. Throws naming what is wrong.
 */
export async function unpackChecked(archive: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!fs.existsSync(archive)) throw new Error(`${archive} does not exist`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-restore-'));
  try {
    await tar.extract({ file: archive, cwd: dir, strict: true });
  } catch (error) {
    throw new Error(`${archive} is not a backup archive (a gzipped tar): ${(error as Error).message}`);
  }
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${archive} has no ${MANIFEST}: not a backup of this site`);
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  if (!parsed.success) throw new Error(`${archive}'s ${MANIFEST} is not one this version reads: ${parsed.error.issues[0]?.message}`);
  const manifest = parsed.data;
  for (const file of manifest.files) {
    const at = path.join(dir, file.path);
    if (!fs.existsSync(at)) throw new Error(`${file.path} is missing from the archive`);
    if (fs.statSync(at).size !== file.bytes || sha256Of(at) !== file.sha256)
      throw new Error(`${file.path} does not match its checksum: the archive is damaged`);
  }
  const listed = new Set([MANIFEST, ...manifest.files.map((f) => f.path)]);
  const extra = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .find((file) => !listed.has(file));
  if (extra) throw new Error(`${extra} is in the archive but not in its manifest`);
  return { dir, manifest };
}
