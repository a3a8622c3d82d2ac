/**
 * Version skew's settings, read once with the rest of the configuration (platform/config.ts): how long
 * a page's builds stay served after it was sent, how many releases are always kept, and where builds live.
 */
import { bounded, int } from '../platform/env-values';

export interface SkewSettings {
  /** Files a page referenced stay served this long after the last page naming them (SKEW_RETENTION_HOURS). */
  retentionMs: number;
  /** Releases of each remote (and shell builds) always kept, newest first (RELEASE_KEEP). */
  releaseKeep: number;
  /** How often each instance runs the retention sweep. */
  sweepIntervalMs: number;
  /**
   * Where builds and uploaded images live: a folder (RELEASES_DIR), or PostgreSQL (ARTIFACTS=database),
   * RELEASES_DIR then being this instance's cache (ARTIFACT_CACHE_DIR, default $DATA_DIR/artifact-cache).
   */
  artifacts: 'directory' | 'database';
}

export function skewSettings(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): SkewSettings {
  const hours = env.SKEW_RETENTION_HOURS ? Number(env.SKEW_RETENTION_HOURS) : 48;
  if (!Number.isFinite(hours) || hours <= 0)
    throw new Error(`SKEW_RETENTION_HOURS must be a positive number, got "${env.SKEW_RETENTION_HOURS}"`);
  const artifacts = env.ARTIFACTS || 'directory';
  if (artifacts !== 'directory' && artifacts !== 'database') throw new Error(`ARTIFACTS must be directory or database, got "${artifacts}"`);
  if (artifacts === 'database' && !databaseUrl) throw new Error('ARTIFACTS=database keeps builds in PostgreSQL: set DATABASE_URL');
  return {
    retentionMs: Math.round(hours * 3_600_000),
    releaseKeep: int(env, 'RELEASE_KEEP', 10),
    sweepIntervalMs: bounded(env, 'RELEASE_SWEEP_INTERVAL_MS', 3_600_000, 24 * 3_600_000),
    artifacts,
  };
}
