import { defineModule } from './module';
import { mergeMigrations } from './migrations';
import { buildSystem } from './system';

const mod = (name: string, versions: number[]) =>
  defineModule({
    name,
    migrations: versions.map((version) => ({ version, sql: `${name} ${version}` })),
    build: () => ({ provides: null }),
  });

describe('mergeMigrations', () => {
  it('merges every module’s migrations in version order', () => {
    const merged = mergeMigrations<{ version: number; sql: string }>([mod('leads', [1, 4]), mod('edge', [3]), mod('rum', [2, 5])]);
    expect(merged.map((m) => m.sql)).toEqual(['leads 1', 'rum 2', 'edge 3', 'leads 4', 'rum 5']);
  });

  it('refuses one version declared twice, naming both modules', () => {
    expect(() => mergeMigrations([mod('leads', [1, 2]), mod('edge', [2])])).toThrow('Migration 2 is declared by both "leads" and "edge"');
  });

  it('hands the merged list to every module’s build, for the one that runs it', () => {
    type Sql = { version: number; sql: string };
    let seen: readonly Sql[] = [];
    const runner = defineModule<null, undefined, object, Sql>({
      name: 'database',
      build: ({ migrations }) => {
        seen = migrations;
        return { provides: null };
      },
    });
    buildSystem<object, Sql>([runner, mod('edge', [3]), mod('leads', [1])], {}, {});
    expect(seen.map((m) => m.sql)).toEqual(['leads 1', 'edge 3']);
  });
});
