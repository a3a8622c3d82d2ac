/**
 * Release history of the remotes, kept in `<releasesDir>/history.json` so a restart keeps the
 * current versions. Each release's files live in `<releasesDir>/<remote>/<version>/` and never change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES } from '../contracts';

const releaseSchema = z.object({ version: z.string(), releasedAt: z.string(), gitSha: z.string().optional() });
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
