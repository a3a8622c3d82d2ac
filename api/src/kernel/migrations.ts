/** Every module's migrations as one list in version order; two modules claiming one version is refused. */
import type { AnyModule, ModuleMigration } from './module';

export class MigrationConflictError extends Error {
  override name = 'MigrationConflictError';
}

/** Takes modules, or any list of names with their migrations (a script's, without building modules). */
export function mergeMigrations<G extends ModuleMigration>(modules: readonly Pick<AnyModule<never>, 'name' | 'migrations'>[]): G[] {
  const owners = new Map<number, string>();
  const merged: G[] = [];
  for (const module of modules)
    for (const migration of (module.migrations ?? []) as readonly G[]) {
      const owner = owners.get(migration.version);
      if (owner !== undefined)
        throw new MigrationConflictError(`Migration ${migration.version} is declared by both "${owner}" and "${module.name}"`);
      owners.set(migration.version, module.name);
      merged.push(migration);
    }
  return merged.sort((a, b) => a.version - b.version);
}
