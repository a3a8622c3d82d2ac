/**
 * validate(schema): checks the parsed JSON body with a contract schema, the same one the form uses.
 * Refusals answer 400 `{ error: <first message>, code, details: { formErrors, fieldErrors } }`.
 */
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { Invalid } from './errors';

export function validate<S extends z.ZodType>(schema: S): Middleware {
  return async (ctx, next) => {
    const body: unknown = ctx.request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Invalid('invalid_body', 'Request body must be a JSON object');
    }
    const result = schema.safeParse(body);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      throw new Invalid('validation_failed', message, z.flattenError(result.error) as Record<string, unknown>);
    }
    ctx.state.validatedBody = result.data;
    await next();
  };
}

/** The body validate(schema) accepted, typed by the same schema (which alone wrote it, so the cast holds). */
export function validBody<S extends z.ZodType>(ctx: Context, _schema: S): z.output<S> {
  return ctx.state.validatedBody as z.output<S>;
}
