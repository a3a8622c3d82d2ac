/**
 * The Talk to Sales form posted without script. Every page's server HTML carries the real form, which
 * posts (application/x-www-form-urlencoded) to the page it is on: a refused post is answered with
 * that same page at that same address, so its reload, Back and the client router all still see the
 * page. The JSON route (contact.router.ts) stays as it was for the hydrated form.
 *
 * Same rules as the JSON route: the same schema and messages, rate limit, honeypot and attribution.
 * Then: stored first, 303 to `<page>?contact=sent#contact` (the page thanks the visitor); invalid,
 * 422 with the page, its entries kept and each message beside its field; over the limit, 429 with the
 * limit's message. A post from another site is refused, and a repeat of the same entries is one lead.
 */
import Router from '@koa/router';
import { CONTACT_SECTION_ID, CONTACT_SENT_PARAMETER, CONTACT_SENT_VALUE } from '@cardlift/contracts';
import type { Context } from 'koa';
import { AppError } from '../platform/errors';
import { StoreUnavailableError } from '../platform/store-unavailable';
import { CONTACT_BODY_LIMIT, formBody } from '../platform/json-body';
import type { Logger } from '../platform/logger';
import type { PageResponder } from '../site/site-router';
import { readPostedContact } from './contact-form-entries';
import { attributedPost, postedView } from './contact.router';
import type { LeadViewReader } from './lead-views';
import type { LeadService } from './lead-service';
import { rateLimit, type ContactLimiter } from '../platform/rate-limit';
import { submissionKey, type SubmissionDedup } from './submission-dedup';

export const CROSS_SITE_MESSAGE = 'This form can only be sent from a page of this site. Please open the page and send the form from there.';

export interface ContactFormRouteDeps {
  leads: LeadService;
  limiter: ContactLimiter | undefined;
  dedup: SubmissionDedup;
  logger: Logger;
  /** The public origin (SITE_URL), which may differ from the host a request reached. */
  siteOrigin: string;
  respond: PageResponder;
  /** Reads the page view a post's token names (none: the post is not attributed). */
  leadView: LeadViewReader;
}

/**
 * A browser says where a post comes from: Sec-Fetch-Site, or at least Origin. A request with neither
 * is not a browser's, and cannot carry a visitor's credentials into a forged post.
 */
export function fromThisSite(ctx: Context, siteOrigin: string): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = ctx.get('Origin');
  return !origin || origin === new URL(siteOrigin).origin || origin === `${ctx.protocol}://${ctx.host}`;
}

export function contactFormRouter({ leads, limiter, dedup, logger, siteOrigin, respond, leadView }: ContactFormRouteDeps): Router {
  const router = new Router();
  const limit = rateLimit(limiter, logger);
  const parse = formBody(CONTACT_BODY_LIMIT);
  const done = async () => undefined;
  const attributed = attributedPost(leads, leadView, postedView);

  router.post('/{*path}', async (ctx, next) => {
    if (ctx.request.type !== 'application/x-www-form-urlencoded') return next();
    ctx.set('Cache-Control', 'no-store');
    if (!fromThisSite(ctx, siteOrigin)) {
      ctx.status = 403;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = CROSS_SITE_MESSAGE;
      return;
    }
    await parse(ctx, done);
    return attributed(ctx, () => answer(ctx));
  });

  async function answer(ctx: Context): Promise<void> {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const posted = readPostedContact(body);
    try {
      await limit(ctx, done);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      const errors = posted.ok ? {} : posted.errors;
      return respond(ctx, { status: 429, contactForm: { status: 'invalid', entries: posted.entries, errors, formError: error.message } });
    }
    if (!posted.ok) {
      const { entries, errors, formError } = posted;
      return respond(ctx, { status: 422, contactForm: { status: 'invalid', entries, errors, ...(formError ? { formError } : {}) } });
    }
    const request = posted.request;
    const key = submissionKey(request);
    if (await dedup.claim(key)) {
      try {
        const result = await leads.submit(request, ctx.state.leadView);
        // Logged by id only: names and e-mail addresses stay out of the logs.
        logger.info(
          { reqId: ctx.state.requestId, leadId: result.id, stored: result.stored, form: 'html' },
          result.stored ? 'lead stored' : 'honeypot submission dropped',
        );
      } catch (error) {
        await dedup.release(key);
        if (!(error instanceof StoreUnavailableError)) throw error;
        // The store cannot write now: the same page, everything typed kept, and when to send it again.
        ctx.set('Retry-After', String(error.retryAfterSeconds));
        return respond(ctx, {
          status: 503,
          contactForm: { status: 'invalid', entries: posted.entries, errors: {}, formError: error.message },
        });
      }
    } else logger.info({ reqId: ctx.state.requestId, form: 'html' }, 'repeated submission: already stored');
    // The page's own path (one leading slash: `//host` would leave the site).
    const page = `/${ctx.path.replace(/^\/+/, '')}`;
    ctx.status = 303;
    ctx.redirect(`${page}?${CONTACT_SENT_PARAMETER}=${CONTACT_SENT_VALUE}#${CONTACT_SECTION_ID}`);
  }
  return router;
}
