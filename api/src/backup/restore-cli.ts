/**
 * `npm run restore -- <archive>`: puts back what `npm run backup` archived. Every checksum is checked
 * before anything is touched, and a database a running api instance has open is never replaced (stop
 * the site first). The database it replaces is kept beside it (`leads.sqlite.before-restore-<time>`),
 * the images and release builds are added to the artifact store, and it prints what it restored. It
 * fails (exit 1) while any build the restored registry names is missing: the site would show that
 * section as "temporarily unavailable". With PostgreSQL
 * (DATABASE_URL) it restores the images and says how to restore the database (pg_restore).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../app-config';
import { SQLITE_FILE_NAME } from '../platform/db-connections';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { countsOf, DATABASE_FILE, IMAGES_DIR, unpackChecked, type DatabaseCounts } from './backup-archive';
import { buildsInFolder, describeBuilds, missingNamedBuilds, restoreReleaseBuilds } from './release-builds';

/** Pids of other processes holding `file` open (Linux: their /proc/<pid>/fd links), the api among them. */
export function processesUsing(file: string): number[] {
  const real = fs.existsSync(file) ? fs.realpathSync(file) : file;
  const holders: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    if (Number(pid) === process.pid) continue;
    try {
      if (fs.readdirSync(`/proc/${pid}/fd`).some((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === real)) holders.push(Number(pid));
    } catch {
      // a process gone meanwhile, or one of another user's we cannot read
    }
  }
  return holders;
}

export interface Restored {
  counts: DatabaseCounts | null;
  images: number;
  builds: number;
  /** Where the database that was replaced now is, if there was one. */
  keptAside: string | undefined;
}

export async function restore(config: AppConfig, archive: string, now = new Date()): Promise<Restored> {
  const { dir, manifest } = await unpackChecked(archive);
  try {
    const database = path.join(config.dataDir, SQLITE_FILE_NAME);
    let keptAside: string | undefined;
    if (manifest.database === 'sqlite') {
      if (config.databaseUrl)
        throw new Error('the archive holds a SQLite database, but DATABASE_URL is set: unset it to restore into the SQLite file');
      const users = processesUsing(database);
      if (users.length)
        throw new Error(
          `${database} is open in a running process (pid ${users.join(', ')}): stop the site before restoring into its data, nothing was changed`,
        );
      fs.mkdirSync(config.dataDir, { recursive: true });
      if (fs.existsSync(database)) {
        keptAside = `${database}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(database, keptAside);
      }
      // A -wal or -shm left by the database replaced belongs to it, not to the one restored.
      for (const suffix of ['-wal', '-shm'])
        if (fs.existsSync(database + suffix)) fs.renameSync(database + suffix, (keptAside ?? database) + suffix);
      fs.copyFileSync(path.join(dir, DATABASE_FILE), database);
      fs.chmodSync(database, 0o600);
    }
    const artifacts = new DirectoryArtifactStore(config.releasesDir);
    const images = manifest.files.filter((f) => f.path.startsWith(`${IMAGES_DIR}/`));
    for (const image of images) await artifacts.putContentImage(path.basename(image.path), fs.readFileSync(path.join(dir, image.path)));
    const builds = await restoreReleaseBuilds(config, dir);
    // With PostgreSQL the registry is back only once pg_restore ran: checked then, by /api/ready.
    const missing = manifest.database === 'sqlite' && buildsInFolder(config) ? await missingNamedBuilds(config) : [];
    if (missing.length)
      throw new Error(
        `the database is restored but the site is not whole: the registry names builds neither the archive nor ${config.releasesDir} holds: ${describeBuilds(missing)}. Copy them from the old RELEASES_DIR (or release them again) before starting the site${keptAside ? ` (the database it replaced is kept as ${keptAside})` : ''}`,
      );
    return { counts: manifest.database === 'sqlite' ? countsOf(database) : null, images: images.length, builds, keptAside };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('name the archive: npm run restore -- <file>');
  const archive = path.resolve(process.env.INIT_CWD || process.cwd(), arg);
  const config = loadConfig();
  const done = await restore(config, archive);
  const c = done.counts;
  if (c)
    console.log(
      `Restored ${c.leads} leads, ${c.contentItems} content items (${c.contentRevisions} revisions), ${c.editorAccounts} editor accounts, ${c.releases} releases (${done.builds} builds) and ${done.images} images from ${archive} into ${config.dataDir}`,
    );
  else {
    console.log(`Restored ${done.builds} release builds and ${done.images} images from ${archive}`);
    console.log(
      'The archive holds no database (it was made with PostgreSQL): restore yours with pg_restore, e.g. pg_restore --clean -d "$DATABASE_URL" cardlift.dump',
    );
  }
  if (done.keptAside) console.log(`The database it replaced is kept as ${done.keptAside}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`restore refused: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
