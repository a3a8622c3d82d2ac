/**
 * Reads a JSON request body: another content type is a 415, more than `limit` a 413, unparsable
 * JSON a 400 (parser messages and internals never reach the client).
 */
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { AppError } from './errors';

export const CONTACT_BODY_LIMIT = '16kb';

export function jsonBody(limit = CONTACT_BODY_LIMIT): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError(413, 'payload_too_large', 'Request body is too large');
      if (status === 415) throw new AppError(415, 'unsupported_media_type', 'Content-Encoding is not supported');
      throw new AppError(400, 'malformed_json', 'Malformed JSON body');
    },
  });
  return async (ctx, next) => {
    // Checked on the header alone: ctx.is() answers null for an empty body, which is a 400, not a 415.
    if (ctx.request.type !== 'application/json') {
      throw new AppError(415, 'unsupported_media_type', 'Content-Type must be application/json');
    }
    await parse(ctx, next);
  };
}

/**
 * Reads an application/x-www-form-urlencoded body (a form posted without script) into
 * `ctx.request.body`: more than `limit` is a 413, an unreadable form a 400. The caller checks the type.
 */
export function formBody(limit: string): Middleware {
  return bodyParser({
    enableTypes: ['form'],
    formLimit: limit,
    onError: (error) => {
      if ((error as { status?: number }).status === 413) throw new AppError(413, 'payload_too_large', 'Request body is too large');
      throw new AppError(400, 'malformed_form', 'The form could not be read');
    },
  });
}
