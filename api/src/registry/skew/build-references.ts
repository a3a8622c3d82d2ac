/**
 * How long each build must stay: every page an instance sends may make the browser ask for the files
 * of the builds it names (the shell's, and every remote of its registry, since a tab navigates into
 * any section), so each is kept at least until a time past the last such page. Kept in the database
 * every instance shares, so a build is kept whichever instance sent the page.
 */
import type { AppConfig } from '../../app-config';
import { type DatabaseConnection } from '../../platform/database';
import { onOwnDatabase } from '../../database/own-database';
import { preparedStatements, whileBusy } from '../../platform/db-connections';
import type { BuildRef } from '../build-ids';

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
/** The upsert, with the dialect's larger-of-two function. */
const keepSql = (greatest: string) =>
  `INSERT INTO build_references (remote, version, kept_until) VALUES ($1, $2, $3)
   ON CONFLICT (remote, version) DO UPDATE SET kept_until = ${greatest}(build_references.kept_until, excluded.kept_until)`;

const asMap = (rows: { version: string; kept_until: number | string }[]) => new Map(rows.map((r) => [r.version, Number(r.kept_until)]));

/** For a script or a test: the references in a database of its own. */
export const openBuildReferences = (config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<BuildReferenceStore> =>
  onOwnDatabase(config, buildReferencesOn);

/** The references on the process's database, which its owner closes. */
export function buildReferencesOn(connection: DatabaseConnection): BuildReferenceStore {
  if (connection.kind === 'postgres') {
    const { pool } = connection;
    return {
      async keep(builds, until) {
        for (const build of builds) await pool.query(keepSql('GREATEST'), [build.remote, build.version, until]);
      },
      async keptUntil(remote) {
        return asMap((await pool.query<{ version: string; kept_until: string }>(SELECT_SQL, [remote])).rows);
      },
      async forget(remote, version) {
        await pool.query(FORGET_SQL, [remote, version]);
      },
      close: async () => undefined,
    };
  }
  const { db } = connection;
  const statement = preparedStatements(db);
  const keepAll = db.transaction((builds: readonly BuildRef[], until: number) => {
    for (const build of builds) statement(keepSql('max')).run({ p1: build.remote, p2: build.version, p3: until });
  });
  return {
    async keep(builds, until) {
      await whileBusy(() => keepAll.immediate(builds, until));
    },
    async keptUntil(remote) {
      return asMap(statement(SELECT_SQL).all({ p1: remote }) as { version: string; kept_until: number }[]);
    },
    async forget(remote, version) {
      statement(FORGET_SQL).run({ p1: remote, p2: version });
    },
    close: async () => undefined,
  };
}
