/** POST /api/contact: rate limit, JSON body, the form's own schema, then the lead service. */
import Router from '@koa/router';
import {
  CONTACT_PAGE_FIELD,
  CONTACT_PAGE_HEADER,
  CONTACT_SUCCESS_MESSAGE,
  CONTACT_VIEW_FIELD,
  CONTACT_VIEW_HEADER,
  contactRequestSchema,
  type ContactResponse,
} from '@cardlift/contracts';
import type { Context, Next } from 'koa';
import type { LeadViewReader, PostedView } from './lead-views';
import type { Logger } from '../platform/logger';
import { jsonBody } from '../platform/json-body';
import { rateLimit, type ContactLimiter } from '../platform/rate-limit';
import { validate, validBody } from '../platform/validate';
import type { LeadService } from './lead-service';

export interface ContactRouteOptions {
  limiter: ContactLimiter | undefined;
  logger: Logger;
  /** Reads the page view a post's token names (none: the post is not attributed). */
  leadView: LeadViewReader;
}

/**
 * Reads the page view a post names (state.leadView) and notes an error answer to it (validation,
 * a full store...), so a broken form counts against the build that sent it.
 */
export function attributedPost(leads: LeadService, leadView: LeadViewReader, read: (ctx: Context) => PostedView) {
  return async (ctx: Context, next: Next) => {
    const view = leadView(read(ctx));
    ctx.state.leadView = view;
    try {
      await next();
    } catch (error) {
      leads.failed(view);
      throw error;
    }
    if (ctx.status >= 400) leads.failed(view);
  };
}

/** The view fields of a post (JSON or form), and who sent it. */
export function postedView(ctx: Context): PostedView {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const header = (name: string) => ctx.get(name) || undefined;
  return {
    view: body?.[CONTACT_VIEW_FIELD] ?? header(CONTACT_VIEW_HEADER),
    page: body?.[CONTACT_PAGE_FIELD] ?? header(CONTACT_PAGE_HEADER),
    ip: ctx.ip,
    gpc: ctx.get('Sec-GPC') === '1',
  };
}

export function contactRouter(leads: LeadService, options: ContactRouteOptions): Router {
  const router = new Router({ prefix: '/api' });
  const attributed = attributedPost(leads, options.leadView, postedView);
  router.post(
    '/contact',
    rateLimit(options.limiter, options.logger),
    jsonBody(),
    attributed,
    validate(contactRequestSchema),
    async (ctx) => {
      const result = await leads.submit(validBody(ctx, contactRequestSchema), ctx.state.leadView);
      // Logged by id only: names and e-mail addresses stay out of the logs.
      options.logger.info(
        { reqId: ctx.state.requestId, leadId: result.id, stored: result.stored },
        result.stored ? 'lead stored' : 'honeypot submission dropped',
      );
      const body: ContactResponse = { id: result.id, message: CONTACT_SUCCESS_MESSAGE };
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = body;
    },
  );
  return router;
}
