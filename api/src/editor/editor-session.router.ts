/**
 * The editor's people, over HTTP:
 *   POST   /api/editor/session   { email, password } -> { user, csrfToken } and the session cookie
 *   GET    /api/editor/session   the same body for the open session, or 401
 *   DELETE /api/editor/session   signs out (CSRF-checked), clears the cookie: 204
 *   POST   /api/editor/password  { token, password }: a one-time link's token sets the password (204, 410 once used or expired)
 *   POST   /api/editor/password-reset  { email }: mails a 30-minute link if the account exists and mail is set up (202 either way)
 *   POST   /api/editor/unlock    { token }: a mailed unlock link lifts the sign-in delay of this address (204, 410)
 * Answers are never cached. The cookie is HttpOnly, SameSite=Strict, Path=/, lasts as long as a
 * session can (Max-Age), and is Secure when the request came over HTTPS: directly, or as the trusted
 * proxy says (TRUST_PROXY_HOPS). So a staging host on plain HTTP works, and HTTPS keeps it Secure.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  EDITOR_SESSION_COOKIE,
  passwordResetRequestSchema,
  setPasswordRequestSchema,
  signInRequestSchema,
  unlockRequestSchema,
  type EditorSession,
} from '@cardlift/contracts';
import { CONTENT_PREVIEW_COOKIE } from '../preview/preview';
import { AppError } from '../platform/errors';
import { jsonBody } from '../platform/json-body';
// Wrong passwords wait per IPv4 address or IPv6 /64, so rotating within one's own /64 does not reset the wait.
import { limitKey } from '../platform/address-prefixes';
import { validate, validBody } from '../platform/validate';
import { rateLimit, type ContactLimiter } from '../platform/rate-limit';
import type { Logger } from '../platform/logger';
import type { AccountHelp } from './account-help';
import type { AccountService } from './editor-accounts';
import type { SessionRecord } from './editor-store';
import { SessionService } from './editor-sessions';
import { sessionCookieOf, signedInPerson } from './session-auth';

export interface EditorSessionRouterDeps {
  sessions: SessionService;
  accounts: AccountService;
  help: AccountHelp;
  /** The site's own origin (SITE_URL): writes made with the cookie must come from it. */
  siteOrigin: string;
  /** Sign-in attempts per minute per client, on this instance (the lock per account holds across instances). */
  signInLimiter?: ContactLimiter;
  logger: Logger;
}

const answer = (session: SessionRecord): EditorSession => ({
  user: { email: session.email, role: session.role },
  csrfToken: session.csrfToken,
});

const ENDED = ['Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'];

function setSessionCookie(ctx: Context, value: string): void {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(ctx.secure ? ['Secure'] : [])];
  const lifetime = value ? [`Max-Age=${SessionService.cookieMaxAgeSeconds}`] : ENDED;
  ctx.append('Set-Cookie', [`${EDITOR_SESSION_COOKIE}=${value}`, ...lifetime, ...attributes].join('; '));
}

/** Sign-out ends the previews the session made too: their cookie goes with it. */
function clearPreviewCookie(ctx: Context): void {
  ctx.append(
    'Set-Cookie',
    [`${CONTENT_PREVIEW_COOKIE}=`, ...ENDED, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(ctx.secure ? ['Secure'] : [])].join('; '),
  );
}

export function editorSessionRouter(deps: EditorSessionRouterDeps): Router {
  const router = new Router({ prefix: '/api/editor' });
  const limited = rateLimit(deps.signInLimiter, deps.logger, 'Too many sign-in attempts. Please try again in a minute.');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.post('/session', limited, jsonBody(), validate(signInRequestSchema), async (ctx) => {
    const { email, password } = validBody(ctx, signInRequestSchema);
    const opened = await deps.sessions.signIn(email, password, limitKey(ctx.ip));
    setSessionCookie(ctx, opened.id);
    ctx.body = answer(opened.session);
  });

  router.get('/session', async (ctx) => {
    const session = await deps.sessions.current(sessionCookieOf(ctx));
    if (!session) throw new AppError(401, 'unauthorized', 'Not signed in');
    ctx.body = answer(session);
  });

  router.delete('/session', async (ctx) => {
    const session = await signedInPerson(ctx, deps.sessions, deps.siteOrigin);
    if (!session) throw new AppError(401, 'unauthorized', 'Not signed in');
    await deps.sessions.signOut(sessionCookieOf(ctx)!, session.email);
    setSessionCookie(ctx, '');
    clearPreviewCookie(ctx);
    ctx.status = 204;
  });

  router.post('/password', jsonBody(), validate(setPasswordRequestSchema), async (ctx) => {
    const { token, password } = validBody(ctx, setPasswordRequestSchema);
    if (!(await deps.accounts.setPassword(token, password)))
      throw new AppError(410, 'link_expired', 'This link has been used or has expired: ask for a new one');
    ctx.status = 204;
  });

  // The same answer whether the address has an account or not; `mail` says whether anything can be sent at all.
  router.post('/password-reset', limited, jsonBody(), validate(passwordResetRequestSchema), (ctx) => {
    deps.help.forgotPassword(validBody(ctx, passwordResetRequestSchema).email);
    ctx.status = 202;
    ctx.body = { mail: deps.help.mailConfigured };
  });

  router.post('/unlock', limited, jsonBody(), validate(unlockRequestSchema), async (ctx) => {
    if (!(await deps.help.unlock(validBody(ctx, unlockRequestSchema).token, limitKey(ctx.ip))))
      throw new AppError(410, 'link_expired', 'This link has been used or has expired');
    ctx.status = 204;
  });
  return router;
}
