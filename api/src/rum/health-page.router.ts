/**
 * GET /releases/health: a form asking for a section and its release token; POST (the same path) answers
 * with the section's timeline drawn. The token travels only in the posted body, never in a URL or a
 * log line, and is never written back into the page. A post from another site is refused (the form
 * carries nothing but what the person typed, yet a forged post must not learn whether a token works).
 * Answers are private: no-store and noindex, and the path is in no sitemap.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { CROSS_SITE_MESSAGE, fromThisSite } from '../leads/contact-form.router';
import { AppError } from '../platform/errors';
import { formBody } from '../platform/json-body';
import { matchingHash } from '../platform/token-hash';
import { parseRemoteName } from '../releases/remote-names';
import { HEALTH_PAGE_PATH, HEALTH_PAGE_WINDOWS, renderHealthPage, SINCE_CANARY, type HealthPageInput } from './health-page-html';
import { canaryWindowHours, readTimeline, type HealthRouterDeps } from './health.router';

/** A section, a window and a token are a few hundred bytes. */
const FORM_LIMIT = '4kb';

function answer(ctx: Context, status: number, input: HealthPageInput): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderHealthPage(input);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function healthPageRouter(deps: HealthRouterDeps & { siteOrigin: string }): Router {
  const router = new Router();
  const parse = formBody(FORM_LIMIT);

  router.get(HEALTH_PAGE_PATH, (ctx) => answer(ctx, 200, {}));
  router.post(HEALTH_PAGE_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!fromThisSite(ctx, deps.siteOrigin)) {
      ctx.status = 403;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = CROSS_SITE_MESSAGE;
      return;
    }
    if (ctx.request.type !== 'application/x-www-form-urlencoded')
      throw new AppError(415, 'unsupported_media_type', 'Send the form as application/x-www-form-urlencoded');
    await parse(ctx, async () => undefined);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const remote = parseRemoteName(text(body.remote));
    const sinceCanary = text(body.hours) === SINCE_CANARY;
    let hours: number = HEALTH_PAGE_WINDOWS.find((h) => String(h) === text(body.hours)) ?? 24;
    const token = text(body.token).trim();
    if (!remote) return answer(ctx, 400, { hours, error: 'Choose one of the sections listed.' });
    const refuse = (status: number, error: string) => answer(ctx, status, { remote, hours, sinceCanary, error });
    if (!token) return refuse(400, 'Enter the release token of the section.');
    const hash = deps.config.releaseTokenHashes[remote];
    if (!hash) return refuse(404, `${remote} has no release token configured on this site, so its health is not shown here.`);
    if (!matchingHash(token, [{ hash }]))
      return refuse(401, `That token is not the release token of ${remote}. Check it (it is the one your CI releases with) and try again.`);
    if (sinceCanary) {
      const canaryHours = await canaryWindowHours(deps, remote).catch((error: unknown) => error as Error);
      if (canaryHours instanceof Error) return refuse(409, `${canaryHours.message}.`);
      hours = canaryHours;
    }
    answer(ctx, 200, { remote, hours, sinceCanary, timeline: await readTimeline(deps, remote, hours) });
  });
  return router;
}
