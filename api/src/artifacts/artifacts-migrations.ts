/** The artifact store's schema migration (ARTIFACTS=database). Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

/** Builds and images in the database (migration 13), in a dialect's integer and byte types. */
const artifactTables = (types: { bigint: string; bytes: string }) => `
      CREATE TABLE artifact_blobs (hash TEXT PRIMARY KEY, size ${types.bigint} NOT NULL, chunks INTEGER NOT NULL, created_at ${types.bigint} NOT NULL);
      CREATE TABLE artifact_chunks (hash TEXT NOT NULL, seq INTEGER NOT NULL, data ${types.bytes} NOT NULL, PRIMARY KEY (hash, seq));
      CREATE TABLE artifact_builds (remote TEXT NOT NULL, version TEXT NOT NULL, stored_at ${types.bigint} NOT NULL, PRIMARY KEY (remote, version));
      CREATE TABLE artifact_build_files (
        remote TEXT NOT NULL, version TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (remote, version, path)
      );
      CREATE INDEX artifact_build_files_hash ON artifact_build_files (hash);
      CREATE INDEX artifact_build_files_path ON artifact_build_files (remote, path);`;

export const ARTIFACTS_MIGRATIONS: readonly Migration[] = [
  // Builds and uploaded images in the database (ARTIFACTS=database, artifacts/): files as
  // content-addressed blobs of chunks, and each build as the list of its paths. Additive: new tables.
  {
    version: 13,
    sqlite: artifactTables({ bigint: 'INTEGER', bytes: 'BLOB' }),
    postgres: artifactTables({ bigint: 'BIGINT', bytes: 'BYTEA' }),
  },
];
