/**
 * A module: one feature of the process, declared rather than wired by hand. It names the modules it
 * depends on (they are built and started before it, stopped after it), its own settings (a zod schema
 * over the environment variables it reads), its schema migrations, and a `build` that makes what it
 * provides to its dependents plus its middleware, routers, jobs, metrics and start/stop hooks.
 * Modelled on Backstage's backend plugins (declared dependencies, lifecycle hooks) and Fastify's
 * encapsulated plugins (a module sees only what it declared), without either framework.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Metric } from 'prom-client';
import type { ZodType } from 'zod';

/**
 * Where middleware runs, in this order: before anything (timing every answer), the protections every
 * answer carries, cache defaults (so error answers get them too), request handling (log, errors, guard,
 * CORS, compression), shared-cache copies (of compressed answers), and just before the api routers.
 */
export const MIDDLEWARE_STAGES = ['measure', 'protect', 'cache-defaults', 'handle', 'cache-share', 'outer'] as const;
export type MiddlewareStage = (typeof MIDDLEWARE_STAGES)[number];

/** Router slots: `/api` routes, then the pages and files after them, then the one catch-all (the site's pages). */
export const ROUTER_SLOTS = ['api', 'pages', 'fallback'] as const;
export type RouterSlot = (typeof ROUTER_SLOTS)[number];

export interface ModuleMigration {
  version: number;
}

/** Work a module runs while the process runs; started after the module's `start`, stopped before its `stop`. */
export interface Job {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** What a module's `build` gives back. Everything but `provides` is optional. */
export interface Built<P> {
  provides: P;
  middleware?: Partial<Record<MiddlewareStage, readonly Koa.Middleware[]>>;
  routers?: Partial<Record<RouterSlot, readonly Router[]>>;
  jobs?: readonly Job[];
  /** Registered on the process's metrics registry (/metrics). */
  metrics?: readonly Metric[];
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}

/** What `build` receives: the process's base context, its own settings, and its dependencies' provisions. */
export type BuildContext<B, S, M extends ModuleMigration = ModuleMigration> = B & {
  settings: S;
  /** Every module's migrations, merged in version order: for the one module that runs them (the database's). */
  migrations: readonly M[];
  /** What a declared dependency provides; asking for an undeclared one throws, so every edge is declared. */
  need<Q>(module: Module<Q, unknown, B>): Q;
};

export interface Module<P = unknown, S = unknown, B = unknown, M extends ModuleMigration = ModuleMigration> {
  readonly name: string;
  /** Modules (or their names) this one is built and started after. */
  readonly dependsOn: readonly (string | { readonly name: string })[];
  readonly settings?: ZodType<S>;
  readonly migrations?: readonly M[];
  build(context: BuildContext<B, S, M>): Built<P>;
}

export type AnyModule<B = unknown, M extends ModuleMigration = ModuleMigration> = Module<unknown, unknown, B, M>;

export function defineModule<P, S = undefined, B = unknown, M extends ModuleMigration = ModuleMigration>(
  definition: Omit<Module<P, S, B, M>, 'dependsOn'> & Partial<Pick<Module<P, S, B, M>, 'dependsOn'>>,
): Module<P, S, B, M> {
  return { dependsOn: [], ...definition };
}

/** A `defineModule` bound to one base context and migration shape, so a process's modules need not repeat them. */
export const moduleDefiner =
  <B, M extends ModuleMigration = ModuleMigration>() =>
  <P, S = undefined>(definition: Parameters<typeof defineModule<P, S, B, M>>[0]): Module<P, S, B, M> =>
    defineModule<P, S, B, M>(definition);

export const dependencyName = (dependency: string | { readonly name: string }) =>
  typeof dependency === 'string' ? dependency : dependency.name;
