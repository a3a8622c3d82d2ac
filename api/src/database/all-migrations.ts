/**
 * Every module's schema migrations, for what opens the database outside the app (scripts, CLIs,
 * backup and restore, benches, tests): the one list of which modules declare migrations, kept equal
 * to the app's modules by all-migrations.test.ts. It imports the lists only, never a module, so a
 * script opening the database loads no router or service. Inside the app the kernel merges the
 * modules' own declarations, and the database module runs that.
 */
import { mergeMigrations } from '../kernel/migrations';
import { CONTENT_MIGRATIONS } from '../content/content-migrations';
import { EDGE_MIGRATIONS } from '../edge/edge-migrations';
import { EDITOR_MIGRATIONS } from '../editor/editor-migrations';
import { EXPERIMENTS_MIGRATIONS } from '../experiments/experiments-migrations';
import { LEADS_MIGRATIONS } from '../leads/leads-migrations';
import type { Migration } from '../platform/db-connections';
import { ARTIFACTS_MIGRATIONS } from '../artifacts/artifacts-migrations';
import { REGISTRY_MIGRATIONS } from '../releases/registry-migrations';
import { SKEW_MIGRATIONS } from '../skew/skew-migrations';
import { RUM_MIGRATIONS } from '../rum/rum-migrations';

/** Module name -> its migrations; the names are the modules' own (`name` in each `*-module.ts`). */
export const MODULE_MIGRATIONS: Readonly<Record<string, readonly Migration[]>> = {
  leads: LEADS_MIGRATIONS,
  registry: REGISTRY_MIGRATIONS,
  content: CONTENT_MIGRATIONS,
  rum: RUM_MIGRATIONS,
  editor: EDITOR_MIGRATIONS,
  skew: SKEW_MIGRATIONS,
  artifacts: ARTIFACTS_MIGRATIONS,
  edge: EDGE_MIGRATIONS,
  experiments: EXPERIMENTS_MIGRATIONS,
};

let merged: readonly Migration[] | undefined;

/** Every module's migrations in version order, merged as the kernel merges them (a version claimed twice throws). */
export function allMigrations(): readonly Migration[] {
  return (merged ??= mergeMigrations<Migration>(Object.entries(MODULE_MIGRATIONS).map(([name, migrations]) => ({ name, migrations }))));
}
