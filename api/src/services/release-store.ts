/**
 * Release history of the remotes, kept in `<releasesDir>/history.json` so a restart keeps the
 * current versions. Each release's files live in `<releasesDir>/<remote>/<version>/` and never change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES } from '../contracts';

const releaseSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  gitSha: z.string().optional(),
  /** Set when a rollback moved away from this release: a later rollback does not go back to it. */
  rolledBackAt: z.string().optional(),
});
const remoteHistorySchema = z.object({ current: z.string().nullable(), releases: z.array(releaseSchema) });
export const releaseHistorySchema = z.partialRecord(z.enum(REMOTE_NAMES), remoteHistorySchema);

export type Release = z.infer<typeof releaseSchema>;
export type RemoteHistory = z.infer<typeof remoteHistorySchema>;
export type ReleaseHistory = z.infer<typeof releaseHistorySchema>;

export function historyFile(releasesDir: string): string {
  return path.join(releasesDir, 'history.json');
}

export function readReleaseHistory(releasesDir: string): ReleaseHistory {
  const file = historyFile(releasesDir);
  if (!fs.existsSync(file)) return {};
  return releaseHistorySchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Writes atomically (temp file + rename), so a reader never sees half a file. */
export function writeReleaseHistory(releasesDir: string, history: ReleaseHistory): void {
  fs.mkdirSync(releasesDir, { recursive: true });
  const file = historyFile(releasesDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(history, null, 2)}\n`);
  fs.renameSync(temp, file);
}

const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a crashed process (an update takes milliseconds). */
const STALE_LOCK_MS = 30_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function acquireLock(lockFile: string): void {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lockFile, { force: true });
      else if (Date.now() > deadline) throw new Error(`release history is locked by another release (${lockFile})`);
      else sleep(50);
    }
  }
}

/**
 * Read-modify-write of the history under a lock file, so two teams releasing different remotes at
 * the same moment cannot lose each other's update. `change` returns the new history, or undefined
 * to leave the file untouched.
 */
export function updateReleaseHistory<T>(
  releasesDir: string,
  change: (history: ReleaseHistory) => { history?: ReleaseHistory; result: T },
): T {
  fs.mkdirSync(releasesDir, { recursive: true });
  const lockFile = `${historyFile(releasesDir)}.lock`;
  acquireLock(lockFile);
  try {
    const { history, result } = change(readReleaseHistory(releasesDir));
    if (history) writeReleaseHistory(releasesDir, history);
    return result;
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
