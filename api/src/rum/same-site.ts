/**
 * Whether a measurement request was sent by one of the site's own pages. A beacon or a `no-cors`
 * fetch with a text/plain body is a "simple" request: any page on the web can make a visitor's
 * browser send it, with no preflight and no CORS check, from a real home address. Browsers say who
 * asked: `Sec-Fetch-Site` (every current engine), else `Origin`. A request with neither (an old
 * browser) is left to the page-view token alone.
 */
import type { Context } from 'koa';

export function fromOwnPage(ctx: Context, siteOrigin: string): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = ctx.get('Origin');
  if (!origin) return true;
  // The site's public origin, or the address this request reached (localhost under `npm start`).
  return origin === siteOrigin || origin === `${ctx.protocol}://${ctx.host}`;
}
