import type { Middleware } from 'koa';
import type { ApiErrorBody } from '@cardlift/contracts';
import { AppError } from './errors';
import type { Logger } from './logger';

/**
 * First middleware: turns every failure into the one error body `{ error, code?, details? }`.
 * Only unexpected errors are logged as errors, and their message never reaches the client.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const err = caught as Partial<AppError> & { status?: number; statusCode?: number; type?: string; expose?: boolean };
      const status = err.status ?? err.statusCode ?? 500;
      const known = caught instanceof AppError || (status < 500 && err.expose !== false);
      const body: ApiErrorBody = known
        ? {
            // The api's own errors say exactly what they mean; others get the standard wording.
            error: caught instanceof AppError ? caught.message : messageFor(status, err),
            code: err.code ?? codeFor(status),
            ...(err.details ? { details: err.details } : {}),
          }
        : { error: 'Internal server error', code: 'internal' };
      // A deliberate 5xx (shutting down, site not built) is an answer, not a failure: log only the unexpected.
      const deliberate = caught instanceof AppError && caught.expose;
      if (status >= 500 && !deliberate) {
        // The stack and who made the request (a token's name, an editor); never the request body.
        const actor = typeof ctx.state.actor === 'string' ? { actor: ctx.state.actor } : {};
        logger.error({ err: caught, reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, ...actor }, 'request failed');
      }
      ctx.status = status;
      // A temporary refusal (the store cannot write, a rate limit) says when to try again.
      const retryAfter = (caught as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
      ctx.type = 'application/json';
      ctx.body = body;
    }
  };
}

function messageFor(status: number, err: { message?: string; type?: string }): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Content-Type must be application/json';
  if (err.type === 'entity.parse.failed' || status === 400) return err.message && !err.type ? err.message : 'Malformed JSON body';
  return err.message ?? 'Request failed';
}

function codeFor(status: number): string {
  return (
    (
      {
        400: 'bad_request',
        404: 'not_found',
        405: 'method_not_allowed',
        413: 'payload_too_large',
        415: 'unsupported_media_type',
        429: 'rate_limited',
      } as Record<number, string>
    )[status] ?? 'error'
  );
}
