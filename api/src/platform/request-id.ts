import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger';

/**
 * The ids a proxy in front of the api writes: a UUID, or 32 hex digits (nginx's $request_id). Anything
 * else a client sends (a name, another request's id in another shape, log-breaking text) is replaced.
 */
const WELL_FORMED_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;

/**
 * Gives each request an id (kept from X-Request-Id when well formed), echoes it, and logs one line
 * per request with the status sent and the client's address (`ctx.ip`: the address TRUST_PROXY_HOPS
 * lets X-Forwarded-For name, else the connection's). It runs outside the error handler, so an error's answer is
 * already set when the line is written; an error that still gets past (none should) is logged with
 * the status it carries, 500 when it carries none.
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      status = (error as { status?: number }).status ?? 500;
      throw error;
    } finally {
      const actor = typeof ctx.state.actor === 'string' ? { actor: ctx.state.actor } : {};
      logger.info(
        {
          reqId: requestId,
          method: ctx.method,
          path: ctx.path,
          client: ctx.ip,
          status: status ?? ctx.status,
          ms: Math.round(performance.now() - started),
          ...actor,
        },
        'request',
      );
    }
  };
}
