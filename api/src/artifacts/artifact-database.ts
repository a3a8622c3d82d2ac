/**
 * Builds and uploaded images in PostgreSQL (ARTIFACTS=database), so several servers need no shared
 * folder. Files are content-addressed blobs of fixed-size chunks (bytea), written and read one chunk at
 * a time: a file is never whole in memory. A build is a list of paths naming blobs, recorded in one
 * transaction once every blob is complete, so no instance ever sees half a build.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { inTransaction } from '../platform/db-connections';

/** Bytes per chunk: large enough for few round trips, small enough to hold a handful in memory. */
export const CHUNK_BYTES = 256 * 1024;
/** A blob no build names is deleted once this old (a build being stored names its blobs only at its end). */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

export interface StoredFile {
  path: string;
  hash: string;
  size: number;
}

/** What a stored build is filed under: a remote's name, 'shell', or 'content-images' (one image per "version"). */
export interface BuildKey {
  remote: string;
  version: string;
}

/**
 * Calls `each` with every chunk of `file`, in order, read into one buffer used again for the next
 * chunk (once `each` has settled): a file of any size costs one chunk of memory and leaves no garbage.
 */
async function eachChunk(file: string, each: (chunk: Buffer) => unknown): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      await each(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await eachChunk(file, (chunk) => hash.update(chunk));
  return hash.digest('hex');
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), rel) : entry.isFile() ? [rel] : [];
  });
}

export class ArtifactDatabase {
  constructor(private readonly pool: pg.Pool) {}

  /** Stores one file's bytes as a blob (nothing when the same bytes are stored already); answers its hash and size. */
  async putFile(file: string): Promise<{ hash: string; size: number }> {
    const hash = await sha256Of(file);
    const { size } = await fs.promises.stat(file);
    const known = await this.pool.query('SELECT 1 FROM artifact_blobs WHERE hash = $1', [hash]);
    if (known.rowCount) return { hash, size };
    let seq = 0;
    // Chunk by chunk from the disk: each INSERT carries one chunk, the only one held.
    await eachChunk(file, (chunk) =>
      this.pool.query('INSERT INTO artifact_chunks (hash, seq, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [hash, seq++, chunk]),
    );
    await this.pool.query('INSERT INTO artifact_blobs (hash, size, chunks, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      hash,
      size,
      seq,
      Date.now(),
    ]);
    return { hash, size };
  }

  /** Stores every file of `dir` (dotfiles too: a release's checksums) as the build `key`; false when it was stored already. */
  putBuild(key: BuildKey, dir: string): Promise<boolean> {
    return this.putFiles(
      key,
      listFiles(dir).map((rel) => ({ path: rel, file: path.join(dir, rel) })),
    );
  }

  /** Stores `files` (each a path inside the build and the file on disk) as the build `key`; false when it was stored already. */
  async putFiles(key: BuildKey, entries: readonly { path: string; file: string }[]): Promise<boolean> {
    if (await this.has(key)) return false;
    const files: StoredFile[] = [];
    for (const entry of entries) files.push({ path: entry.path, ...(await this.putFile(entry.file)) });
    return inTransaction(this.pool, async (client) => {
      const inserted = await client.query(
        'INSERT INTO artifact_builds (remote, version, stored_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [key.remote, key.version, Date.now()],
      );
      if (!inserted.rowCount) return false;
      for (const file of files) {
        await client.query('INSERT INTO artifact_build_files (remote, version, path, hash) VALUES ($1, $2, $3, $4)', [
          key.remote,
          key.version,
          file.path,
          file.hash,
        ]);
      }
      return true;
    });
  }

  async has(key: BuildKey): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM artifact_builds WHERE remote = $1 AND version = $2', [
      key.remote,
      key.version,
    ]);
    return Boolean(rowCount);
  }

  /** Every stored build of `remote`, with when it was stored. */
  async builds(remote: string): Promise<{ version: string; storedAt: Date }[]> {
    const { rows } = await this.pool.query<{ version: string; stored_at: string }>(
      'SELECT version, stored_at FROM artifact_builds WHERE remote = $1',
      [remote],
    );
    return rows.map((r) => ({ version: r.version, storedAt: new Date(Number(r.stored_at)) }));
  }

  /** Marks a build stored now (an image uploaded again restarts its grace period). */
  async touch(key: BuildKey, at = Date.now()): Promise<void> {
    await this.pool.query('UPDATE artifact_builds SET stored_at = $3 WHERE remote = $1 AND version = $2', [key.remote, key.version, at]);
  }

  /** Every stored build of every kind: what an instance's cache may hold. */
  async allBuilds(): Promise<BuildKey[]> {
    return (await this.pool.query<BuildKey>('SELECT remote, version FROM artifact_builds')).rows;
  }

  async files(key: BuildKey): Promise<StoredFile[]> {
    const { rows } = await this.pool.query<{ path: string; hash: string; size: string }>(
      `SELECT f.path, f.hash, b.size FROM artifact_build_files f JOIN artifact_blobs b ON b.hash = f.hash
       WHERE f.remote = $1 AND f.version = $2`,
      [key.remote, key.version],
    );
    return rows.map((r) => ({ path: r.path, hash: r.hash, size: Number(r.size) }));
  }

  /** Bytes the stored builds of `remote` hold (what its quota counts). */
  async usage(remote: string): Promise<number> {
    const { rows } = await this.pool.query<{ bytes: string | null }>(
      `SELECT sum(b.size) AS bytes FROM artifact_build_files f JOIN artifact_blobs b ON b.hash = f.hash WHERE f.remote = $1`,
      [remote],
    );
    return Number(rows[0]?.bytes ?? 0);
  }

  /** The build of `remote` holding `file` (a path inside it), or undefined. */
  async buildHolding(remote: string, file: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ version: string }>(
      'SELECT version FROM artifact_build_files WHERE remote = $1 AND path = $2 LIMIT 1',
      [remote, file],
    );
    return rows[0]?.version;
  }

  /**
   * Writes a blob to `target`, chunk by chunk, checking its SHA-256 as it goes; a file that does not
   * match is removed and refused (a torn or altered copy is never served).
   */
  async writeBlob(hash: string, target: string): Promise<void> {
    const { rows } = await this.pool.query<{ chunks: number }>('SELECT chunks FROM artifact_blobs WHERE hash = $1', [hash]);
    if (!rows[0]) throw new Error(`blob ${hash} is not in the database`);
    const digest = crypto.createHash('sha256');
    const out = fs.createWriteStream(target);
    try {
      for (let seq = 0; seq < rows[0].chunks; seq++) {
        const chunk = await this.pool.query<{ data: Buffer }>('SELECT data FROM artifact_chunks WHERE hash = $1 AND seq = $2', [hash, seq]);
        const data = chunk.rows[0]?.data;
        if (!data) throw new Error(`blob ${hash} lacks its chunk ${seq}`);
        digest.update(data);
        if (!out.write(data)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    if (digest.digest('hex') !== hash) {
      await fs.promises.rm(target, { force: true });
      throw new Error(`blob ${hash} does not match its hash: not kept`);
    }
  }

  /** Forgets a build; its blobs go with the next collection once no build names them. */
  async removeBuild(key: BuildKey): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM artifact_build_files WHERE remote = $1 AND version = $2', [key.remote, key.version]);
      const { rowCount } = await client.query('DELETE FROM artifact_builds WHERE remote = $1 AND version = $2', [key.remote, key.version]);
      return Boolean(rowCount);
    });
  }

  /** Deletes blobs no build names, older than any build still being stored; answers how many. */
  async collectOrphans(now = Date.now()): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ hash: string }>(
        `DELETE FROM artifact_blobs b WHERE b.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM artifact_build_files f WHERE f.hash = b.hash) RETURNING hash`,
        [now - ORPHAN_AFTER_MS],
      );
      if (rows.length) await client.query('DELETE FROM artifact_chunks WHERE hash = ANY($1)', [rows.map((r) => r.hash)]);
      return rows.length;
    });
  }
}
