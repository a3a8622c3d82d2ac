/**
 * `npm run backup [-- <file>]` (also `npm run leads:backup`): one archive of what the site cannot
 * rebuild: the database (leads and their outbox, content with its revisions, editor accounts, the
 * release registry and measurements), the uploaded content images and the release builds the registry
 * names (release-builds.ts), with a manifest and checksums (backup-archive.ts). Safe while the api
 * serves. With DATABASE_URL the database is PostgreSQL's to back up (pg_dump): the archive then holds
 * the images and builds (with ARTIFACTS=database the builds are in PostgreSQL too), and the command says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../app-config';
import { backupSqlite } from './sqlite-backup';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { countsOf, DATABASE_FILE, IMAGES_DIR, writeArchive, type BackupManifest } from './backup-archive';
import { buildsInFolder, describeBuilds, stageReleaseBuilds, type NamedBuild } from './release-builds';

export interface BackedUp {
  manifest: BackupManifest;
  /** Release builds in the archive; null when PostgreSQL holds them (ARTIFACTS=database). */
  builds: number | null;
  /** Builds the registry names that RELEASES_DIR lacks (the site lacks them too): not in the archive. */
  missing: NamedBuild[];
}

export async function backup(config: AppConfig, target: string): Promise<BackedUp> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-backup-'));
  try {
    const postgres = Boolean(config.databaseUrl);
    if (!postgres) await backupSqlite(config.dataDir, path.join(staging, DATABASE_FILE));
    const artifacts = new DirectoryArtifactStore(config.releasesDir);
    fs.mkdirSync(path.join(staging, IMAGES_DIR));
    for (const image of await artifacts.contentImages()) {
      const file = artifacts.locateContentImage(image.name);
      // One swept meanwhile is gone from the site too.
      if (file) fs.copyFileSync(file, path.join(staging, IMAGES_DIR, image.name));
    }
    const builds = buildsInFolder(config) ? await stageReleaseBuilds(config, staging) : undefined;
    const manifest = await writeArchive(staging, target, {
      createdAt: new Date().toISOString(),
      database: postgres ? 'postgres' : 'sqlite',
      counts: postgres ? null : countsOf(path.join(staging, DATABASE_FILE)),
    });
    return { manifest, builds: builds?.copied ?? null, missing: builds?.missing ?? [] };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const defaultTarget = (dataDir: string) =>
  path.join(dataDir, 'backups', `cardlift-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);

async function main(): Promise<void> {
  const config = loadConfig();
  // npm runs the script inside api/: a relative file is where the user typed the command.
  const arg = process.argv[2];
  const target = arg ? path.resolve(process.env.INIT_CWD || process.cwd(), arg) : defaultTarget(config.dataDir);
  const { manifest, builds, missing } = await backup(config, target);
  const images = manifest.files.filter((f) => f.path.startsWith(`${IMAGES_DIR}/`)).length;
  const c = manifest.counts;
  if (c)
    console.log(
      `Backed up ${c.leads} leads, ${c.contentItems} content items (${c.contentRevisions} revisions), ${c.editorAccounts} editor accounts, ${c.releases} releases (${builds ?? 0} builds) and ${images} images to ${target}`,
    );
  else {
    console.log(`Backed up ${builds === null ? '' : `${builds} release builds and `}${images} images to ${target}`);
    console.log(
      'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > cardlift.dump',
    );
    if (builds === null) console.log('The release builds are in PostgreSQL (ARTIFACTS=database): pg_dump carries them.');
  }
  // The archive is still worth keeping (leads, content); the site it restores lacks these sections as today's does.
  if (missing.length) console.warn(`Warning: the registry names builds RELEASES_DIR lacks, not in the archive: ${describeBuilds(missing)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
