/**
 * Where a visit came from, for a visitor without script: the browser records it in sessionStorage
 * (shell/src/attribution), but a form posted without script carries only what the page holds. A page
 * reached from a campaign link (UTM parameters) or another site is the visit's landing page, so the
 * api draws that attribution into it as hidden fields of the form; a post sends them back. Pages
 * reached otherwise carry nothing extra: their HTML stays the same for every visitor, and inside the
 * first round trip.
 */
import { cleanAttribution, UTM_PARAMETERS, type Attribution } from '@cardlift/contracts';
import type { Context } from 'koa';

function externalReferrer(ctx: Context, siteUrl: string): string | undefined {
  const referrer = ctx.get('Referer');
  if (!referrer) return undefined;
  try {
    const origin = new URL(referrer).origin;
    return origin === new URL(siteUrl).origin || origin === `${ctx.protocol}://${ctx.host}` ? undefined : referrer;
  } catch {
    return undefined;
  }
}

/** The attribution of a landing from a campaign or another site; undefined for any other request. */
export function landingAttribution(ctx: Context, siteUrl: string): Attribution | undefined {
  const raw: Record<string, string> = {};
  for (const [field, parameter] of Object.entries(UTM_PARAMETERS)) {
    const value = ctx.query[parameter];
    if (typeof value === 'string') raw[field] = value;
  }
  const referrer = externalReferrer(ctx, siteUrl);
  if (referrer) raw.referrer = referrer;
  if (Object.keys(raw).length === 0) return undefined;
  const attribution = cleanAttribution({ ...raw, landingPage: ctx.path });
  return Object.keys(attribution).length > 1 ? attribution : undefined;
}
