/**
 * Builds a process from its modules: settings read and checked for all modules at once, migrations
 * merged, modules ordered by their dependencies and built in that order (each sees only what its
 * declared dependencies provide), then started in that order and stopped in exact reverse.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Metric } from 'prom-client';
import { ModuleLifecycle, type Startable } from './lifecycle';
import { mergeMigrations } from './migrations';
import {
  dependencyName,
  MIDDLEWARE_STAGES,
  ROUTER_SLOTS,
  type AnyModule,
  type Built,
  type MiddlewareStage,
  type Module,
  type ModuleMigration,
  type RouterSlot,
} from './module';
import { orderModules } from './order';
import { readSettings } from './settings';

export interface System {
  /** The modules in the order they were built and start. */
  readonly order: readonly string[];
  readonly migrations: readonly ModuleMigration[];
  readonly middleware: Readonly<Record<MiddlewareStage, readonly Koa.Middleware[]>>;
  readonly routers: Readonly<Record<RouterSlot, readonly Router[]>>;
  readonly metrics: readonly Metric[];
  /** What a module of this system provides. */
  get<P>(module: Module<P, unknown, never>): P;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function buildSystem<B extends object, M extends ModuleMigration = ModuleMigration>(
  modules: readonly AnyModule<B, M>[],
  base: B,
  env: Readonly<Record<string, string | undefined>> = process.env,
): System {
  const ordered = orderModules(modules);
  const settings = readSettings(ordered, env);
  const migrations = mergeMigrations<M>(ordered);
  const built = new Map<string, Built<unknown>>();
  for (const module of ordered) {
    const declared = new Set(module.dependsOn.map(dependencyName));
    const need = <Q>(dependency: Module<Q, unknown, B>): Q => {
      if (!declared.has(dependency.name)) throw new Error(`Module "${module.name}" uses "${dependency.name}" without declaring it`);
      return built.get(dependency.name)!.provides as Q;
    };
    built.set(module.name, module.build({ ...base, settings: settings.get(module.name), need, migrations }));
  }
  const all = ordered.map((module) => built.get(module.name)!);
  const units = ordered.map((module, i): Startable => lifecycleOf(module.name, all[i]!));
  const lifecycle = new ModuleLifecycle(units);
  return {
    order: ordered.map((module) => module.name),
    migrations,
    middleware: collect(MIDDLEWARE_STAGES, (stage) => all.flatMap((b) => b.middleware?.[stage] ?? [])),
    routers: collect(ROUTER_SLOTS, (slot) => all.flatMap((b) => b.routers?.[slot] ?? [])),
    metrics: all.flatMap((b) => b.metrics ?? []),
    get: <P>(module: Module<P, unknown, never>) => {
      const found = built.get(module.name);
      if (!found) throw new Error(`No module "${module.name}" in this process`);
      return found.provides as P;
    },
    start: () => lifecycle.start(),
    stop: () => lifecycle.stop(),
  };
}

/** A module's jobs start after its own start and stop before its own stop. */
function lifecycleOf(name: string, built: Built<unknown>): Startable {
  const jobs = built.jobs ?? [];
  return {
    name,
    async start() {
      await built.start?.();
      for (const job of jobs) await job.start();
    },
    async stop() {
      for (const job of [...jobs].reverse()) await job.stop();
      await built.stop?.();
    },
  };
}

function collect<K extends string, V>(keys: readonly K[], values: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, values(key)])) as Record<K, V>;
}
