/**
 * Security headers on every response, errors included (this runs outside the error handler); the
 * policies only a document applies are left off scripts, stylesheets, fonts and raster images.
 * The CSP allows 'self' plus the registered remote origins for scripts, styles and connections, and
 * frames only the invest demo video's origin (embedded after a click). The public origin (SITE_URL)
 * is named too: behind a proxy or CDN the page may reach the api on another host than the one it shows.
 */
import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { DEMO_VIDEO_EMBED_ORIGIN } from '@cardlift/contracts';

/** A remote's dev server on this machine also talks over a WebSocket (live reload). */
function devSocketOrigins(remoteOrigins: readonly string[]): string[] {
  return remoteOrigins.filter((o) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(o)).map((o) => o.replace(/^http/, 'ws'));
}

export function contentSecurityPolicy(siteOrigin: string, remoteOrigins: readonly string[]): string {
  const code = [...new Set(["'self'", siteOrigin, ...remoteOrigins])].join(' ');
  const sockets = devSocketOrigins(remoteOrigins);
  return [
    // Fonts and connections inherit it: every directive spelled out cost each page's first round trip
    // bytes it does not have (the page, with its headers, should fit in TCP's first window).
    `default-src ${code}`,
    // Named although equal to default-src: each page appends the hashes of its inlined elements.
    `script-src ${code}`,
    `style-src ${code}`,
    // Server-rendered HTML carries React `style` props as attributes (the header's offset below the
    // banner, the menu widths, Radix's pointer-events); only attributes are allowed, not <style>.
    "style-src-attr 'unsafe-inline'",
    ...(sockets.length ? [`connect-src ${[code, ...sockets].join(' ')}`] : []),
    // A remote's own images and fonts are assets of its build, served from its origin.
    `img-src ${code} data:`,
    `frame-src ${DEMO_VIDEO_EMBED_ORIGIN}`,
    // Framing is refused here (X-Frame-Options, which this replaces in every browser the site supports, is not sent).
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The policies that only a document (a page, an SVG opened on its own) ever applies. */
const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'Permissions-Policy'];

/** Files that are never a document: scripts, stylesheets, fonts and raster images (SVG is not among them). */
const NEVER_A_DOCUMENT = /^(text\/javascript|application\/javascript|text\/css|font\/|image\/(png|jpeg|webp|avif|gif))/;

/**
 * An SVG opened on its own is a document that could run script. It needs nothing but its own inline
 * styles: this policy is stricter than a page's, and a tenth of its bytes on each image of a page.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function securityHeaders(options: { production: boolean; siteOrigin: string; remoteOrigins: () => string[] }): Middleware {
  let policy = { origins: [] as string[], header: contentSecurityPolicy(options.siteOrigin, []) };
  return async (ctx, next) => {
    const origins = options.remoteOrigins();
    if (origins !== policy.origins) policy = { origins, header: contentSecurityPolicy(options.siteOrigin, origins) };
    ctx.set('Content-Security-Policy', policy.header);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // No Cross-Origin-Opener-Policy: 'same-origin' put every arrival in a new browsing context group,
    // so the browser started a new renderer process first. In Lighthouse's runs that delayed the font
    // request by about 50 ms and the first paint by 60-100 ms (LCP about 1.07 s without it, 1.2-1.5 s
    // with it). The pages hold no visitor's data a cross-origin window could reach, and links out
    // open with no opener.
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
    ctx.remove('X-Powered-By');
    const { type } = ctx.response;
    // They do nothing on a script or a font, and cost each of a page's files about 700 bytes.
    if (NEVER_A_DOCUMENT.test(type)) for (const header of DOCUMENT_ONLY_HEADERS) ctx.remove(header);
    if (type === 'image/svg+xml') {
      ctx.set('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
      // Sandboxed, it can use no feature the Permissions-Policy would forbid.
      ctx.remove('Permissions-Policy');
    }
  };
}

/**
 * Allows a response's inlined stylesheets or scripts (`'sha256-...'` sources) in the policy already
 * set on it: the page's own and nothing else, and never 'unsafe-inline'.
 */
export function allowInlineSources(ctx: Context, directive: 'style-src' | 'script-src', sources: readonly string[]): void {
  const policy = ctx.response.get('Content-Security-Policy');
  if (!policy || sources.length === 0) return;
  const pattern = new RegExp(`(^|; )${directive} ([^;]*)`);
  ctx.set(
    'Content-Security-Policy',
    policy.replace(pattern, (_, start: string, list: string) => `${start}${directive} ${list} ${sources.join(' ')}`),
  );
}

/** The CSP source allowing one inline element by its text, hashed exactly as the browser hashes it. */
export function cspHashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
