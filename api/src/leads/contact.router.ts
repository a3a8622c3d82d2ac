/** POST /api/contact: rate limit, JSON body, the form's own schema, then the lead service. */
import Router from '@koa/router';
import { CONTACT_SUCCESS_MESSAGE, contactRequestSchema, type ContactResponse } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { jsonBody } from '../platform/json-body';
import { rateLimit, type ContactLimiter } from './rate-limit';
import { validate, validBody } from '../platform/validate';
import type { LeadService } from './lead-service';

export function contactRouter(leads: LeadService, options: { limiter: ContactLimiter | undefined; logger: Logger }): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/contact', rateLimit(options.limiter, options.logger), jsonBody(), validate(contactRequestSchema), async (ctx) => {
    const result = await leads.submit(validBody(ctx, contactRequestSchema));
    // Logged by id only: names and e-mail addresses stay out of the logs.
    options.logger.info(
      { reqId: ctx.state.requestId, leadId: result.id, stored: result.stored },
      result.stored ? 'lead stored' : 'honeypot submission dropped',
    );
    const body: ContactResponse = { id: result.id, message: CONTACT_SUCCESS_MESSAGE };
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
  return router;
}
