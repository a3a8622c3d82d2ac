import type { Middleware } from 'koa';
import { errorAnswer } from './error-answers';
import type { Logger } from './logger';

/**
 * First middleware: turns every failure into its answer (error-answers.ts). Only unexpected errors
 * are logged as errors, and their message never reaches the client.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const answer = errorAnswer(caught);
      if (answer.unexpected) {
        // The stack and who made the request (a token's name, an editor); never the request body.
        const actor = ctx.state.actor === undefined ? {} : { actor: ctx.state.actor };
        logger.error({ err: caught, reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, ...actor }, 'request failed');
      }
      ctx.status = answer.status;
      if (answer.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(answer.retryAfterSeconds));
      ctx.type = 'application/json';
      ctx.body = answer.body;
    }
  };
}
