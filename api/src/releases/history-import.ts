/**
 * Sites that released before the registry moved to the database kept it in
 * `<RELEASES_DIR>/history.json`. On start it is imported once into an empty registry and renamed to
 * `history.json.imported`, so the current versions and the rollback history carry over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { RegistryConflict, type RegistryStore, type ReleaseRecord } from './registry-store';

const legacyHistorySchema = z.partialRecord(
  z.enum(REMOTE_NAMES),
  z.object({
    current: z.string().nullable(),
    releases: z.array(
      z.object({ version: z.string(), releasedAt: z.string(), gitSha: z.string().optional(), rolledBackAt: z.string().optional() }),
    ),
  }),
);

export const LEGACY_HISTORY_FILE = 'history.json';

export async function importLegacyHistory(store: RegistryStore, releasesDir: string, logger: Logger): Promise<number> {
  const file = path.join(releasesDir, LEGACY_HISTORY_FILE);
  if (!fs.existsSync(file)) return 0;
  if (!(await store.isEmpty())) {
    logger.warn({ file }, 'a release history file exists but the registry already has releases: not imported');
    return 0;
  }
  const history = legacyHistorySchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  let imported = 0;
  for (const remote of REMOTE_NAMES) {
    const mine = history[remote];
    if (!mine || mine.releases.length === 0) continue;
    const upsert: ReleaseRecord[] = mine.releases.map((r, i) => ({
      remote,
      version: r.version,
      state: 'released',
      position: i + 1,
      createdAt: r.releasedAt,
      createdBy: 'import',
      gitSha: r.gitSha ?? null,
      rolledBackAt: r.rolledBackAt ?? null,
    }));
    const at = new Date().toISOString();
    const current = mine.current ?? undefined;
    const events = current
      ? [{ remote, action: 'import' as const, version: current, fromVersion: null, actor: 'import', gitSha: null, at }]
      : [];
    try {
      await store.commit({ remote, expectedRevision: 0, ...(current ? { current } : {}), upsert, events });
      imported += upsert.length;
    } catch (error) {
      // Another instance starting at the same moment imported it first.
      if (!(error instanceof RegistryConflict)) throw error;
    }
  }
  fs.renameSync(file, `${file}.imported`);
  logger.info({ file, releases: imported }, 'release history imported into the registry');
  return imported;
}
