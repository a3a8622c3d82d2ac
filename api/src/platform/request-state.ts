/**
 * What a request carries from middleware to handlers (`ctx.state`), declared on Koa's one
 * `DefaultState`: the platform's entries here, a feature's beside the code that sets them (its own
 * `declare module 'koa'`), so the platform names no feature's types.
 */
import type { DefaultState } from 'koa';

declare module 'koa' {
  interface DefaultState {
    /** This request's id (request-id.ts), in every log line about it. */
    requestId?: string;
    /** Who the request acts for, named by the audit and the log: a token's name or a person's e-mail. */
    actor?: string;
    /** The body `validate(schema)` accepted (validate.ts). */
    validatedBody?: unknown;
  }
}

/**
 * An entry the route's gate sets before its handler runs. Missing, the route was mounted without
 * its gate: a fault of the code (500), never something the client is told about.
 */
export function stateOf<K extends keyof DefaultState>(ctx: { state: DefaultState }, key: K): NonNullable<DefaultState[K]> {
  const value = ctx.state[key];
  if (value === undefined || value === null)
    throw new Error(`ctx.state.${String(key)} is unset: the route runs without the middleware that sets it`);
  return value as NonNullable<DefaultState[K]>;
}

/** The actor the route's gate named (a release token, a content token, a signed-in person). */
export const actorOf = (ctx: { state: DefaultState }): string => stateOf(ctx, 'actor');
