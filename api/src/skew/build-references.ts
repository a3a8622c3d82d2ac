/**
 * How long each build must stay: every page an instance sends may make the browser ask for the files
 * of the builds it names (the shell's, and every remote of its registry, since a tab navigates into
 * any section), so each is kept at least until a time past the last such page. Kept in the database
 * every instance shares, so a build is kept whichever instance sent the page.
 */
import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import { runnerOn } from '../platform/sql-runner';
import type { BuildRef } from '../releases/build-ids';

export interface BuildReferenceStore {
  /** Keeps each build at least until `until` (epoch ms); a later time already recorded stays. */
  keep(builds: readonly BuildRef[], until: number): Promise<void>;
  /** Until when each recorded build of `remote` (a remote's name, or 'shell') is kept, by version. */
  keptUntil(remote: string): Promise<Map<string, number>>;
  /** Forgets a build once its files are gone. */
  forget(remote: string, version: string): Promise<void>;
  close(): Promise<void>;
}

const SELECT_SQL = 'SELECT version, kept_until FROM build_references WHERE remote = $1';
const FORGET_SQL = 'DELETE FROM build_references WHERE remote = $1 AND version = $2';
/** The upsert; the larger of two times is a CASE, which both databases read alike (GREATEST and max are each one's own). */
const KEEP_SQL = `INSERT INTO build_references (remote, version, kept_until) VALUES ($1, $2, $3)
   ON CONFLICT (remote, version) DO UPDATE SET kept_until = CASE
     WHEN excluded.kept_until > build_references.kept_until THEN excluded.kept_until ELSE build_references.kept_until END`;

const asMap = (rows: { version: string; kept_until: number | string }[]) => new Map(rows.map((r) => [r.version, Number(r.kept_until)]));

/** For a script or a test: the references in a database of its own. */
export const openBuildReferences = (config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<BuildReferenceStore> =>
  onOwnDatabase(config, buildReferencesOn);

/** The references on the process's database, which its owner closes. */
export function buildReferencesOn(connection: DatabaseConnection): BuildReferenceStore {
  const runner = runnerOn(connection);
  return {
    async keep(builds, until) {
      // In one order, so two instances keeping the same builds at once never wait for each other in turn.
      const sorted = [...builds].sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
      await runner.transaction(sorted.map((build) => ({ sql: KEEP_SQL, params: [build.remote, build.version, until] })));
    },
    async keptUntil(remote) {
      return asMap(await runner.query<{ version: string; kept_until: number | string }>(SELECT_SQL, [remote]));
    },
    async forget(remote, version) {
      await runner.run(FORGET_SQL, [remote, version]);
    },
    close: async () => undefined,
  };
}
