/**
 * Who a request comes from when it carries the editor's session cookie, and the check that a write
 * made with that cookie was made by the editor's own pages: the session's CSRF token in
 * `X-CSRF-Token`, and the site's own origin in `Origin` (or, when a browser sends none,
 * `Sec-Fetch-Site: same-origin`). The own origin is SITE_URL, or the address this request was sent to:
 * the editor also works where the site is reached by another name than SITE_URL (`npm start` on
 * localhost, a staging host). A browser cannot forge either header for a cross-site page, and a page
 * on a name that merely resolves here never holds the session cookie, which belongs to this host.
 * Any other write is refused with 403 and nothing happens. Calls with a bearer token carry no
 * cookie, so none of this applies to them.
 */
import type { Context } from 'koa';
import { CSRF_HEADER, EDITOR_SESSION_COOKIE, SESSION_ENDED } from '@cardlift/contracts';
import { AppError } from '../platform/errors';
import type { SessionRecord } from './editor-store';
import { sameToken, type SessionService } from './editor-sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export const sessionCookieOf = (ctx: Context) => ctx.cookies.get(EDITOR_SESSION_COOKIE) || undefined;

/** Throws 403 `csrf` unless the request is a read or comes from the site's own pages with the session's token. */
export function checkCsrf(ctx: Context, session: SessionRecord, siteOrigin: string): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const origin = ctx.get('Origin');
  const sameSite = origin
    ? origin === siteOrigin || origin === `${ctx.protocol}://${ctx.host}`
    : ctx.get('Sec-Fetch-Site') === 'same-origin';
  if (!sameSite) throw new AppError(403, 'csrf', 'This request did not come from the editor: refused');
  if (!sameToken(ctx.get(CSRF_HEADER) || undefined, session.csrfToken))
    throw new AppError(403, 'csrf', `The request has no valid ${CSRF_HEADER} header: reload the editor and try again`);
}

/**
 * The person signed in on this request (CSRF-checked for writes), undefined when the request has no
 * session cookie; 401 when the cookie names no open session.
 */
export async function signedInPerson(ctx: Context, sessions: SessionService, siteOrigin: string): Promise<SessionRecord | undefined> {
  const id = sessionCookieOf(ctx);
  if (!id) return undefined;
  const session = await sessions.current(id);
  if (!session) throw new AppError(401, 'session_ended', SESSION_ENDED);
  checkCsrf(ctx, session, siteOrigin);
  // Who the request log and an error's log line name.
  ctx.state.actor ??= session.email;
  return session;
}
