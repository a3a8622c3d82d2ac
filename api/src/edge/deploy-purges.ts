/**
 * A deploy purges the shared caches itself. Every shared answer names the shell build that starts it
 * (`shell`) and the site's configuration it was made with (`site`: its addresses, the measuring
 * rate); neither is a registry move or a content change, so nothing else purges them. At start, each
 * instance compares its shell build id and a hash of that configuration with the last ones recorded
 * in the database; when one changed, it records the new one and writes a soft purge job (the caches
 * serve the old copy while they fetch the new one) in the same transaction, through the purge relay.
 * The record changes from the old value to the new once, whichever instance gets there first, so a
 * deploy of many instances purges once.
 *
 * Nothing is purged the first time a value is recorded: there is nothing to compare it with.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import { shellBuildId } from '../releases/build-ids';
import { SHELL_TAG, SITE_TAG } from './edge-tags';
import type { PurgeJobStore } from './purge-jobs';
import type { PurgePlan } from './purge-plans';

/** What an instance started with, under the tag whose answers it changes. */
export interface DeployMark {
  name: typeof SHELL_TAG | typeof SITE_TAG;
  fingerprint: string;
}

/** first: nothing was recorded; purged: it changed and this instance wrote the purge; unchanged: as recorded (or another instance wrote it). */
export type DeployOutcome = 'first' | 'purged' | 'unchanged';

export const DEPLOY_SQL = {
  record: `INSERT INTO edge_deployed (name, fingerprint, recorded_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
  // Only a row still holding another value changes: of two instances starting at once, one changes it.
  change: `UPDATE edge_deployed SET fingerprint = $2, recorded_at = $3 WHERE name = $1 AND fingerprint <> $2`,
};

/** The soft purge of a changed mark. */
export const deployPurge = (mark: DeployMark): PurgePlan => ({
  hard: [],
  soft: [mark.name],
  reason: `deploy: ${mark.name === SHELL_TAG ? 'shell build' : 'site configuration'} ${mark.fingerprint.slice(0, 12)}`,
});

/** The configuration every shared answer is made with (what a page or a JSON read shows of it). */
export function siteConfigHash(config: Pick<AppConfig, 'siteAddresses' | 'rum'>): string {
  const shown = { siteAddresses: config.siteAddresses, rumSampleRate: config.rum.sampleRate };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

/** This instance's marks: the shell build (when built) and the site's configuration. */
export function deployMarks(config: Pick<AppConfig, 'siteRoot' | 'siteAddresses' | 'rum'>): DeployMark[] {
  const shell = shellBuildId(path.join(config.siteRoot, 'shell', 'dist'));
  const marks: DeployMark[] = [{ name: SITE_TAG, fingerprint: siteConfigHash(config) }];
  if (shell) marks.unshift({ name: SHELL_TAG, fingerprint: shell });
  return marks;
}

/** Records this instance's marks, purging what changed since the last ones recorded. */
export async function purgeDeployChanges(store: PurgeJobStore, marks: readonly DeployMark[], logger: Logger): Promise<void> {
  for (const mark of marks) {
    const outcome = await store.recordDeployed(mark, deployPurge(mark));
    if (outcome === 'purged')
      logger.info({ tag: mark.name }, `the ${mark.name} changed since the last start: soft purge of "${mark.name}" sent`);
  }
}
