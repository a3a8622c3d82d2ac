/**
 * The editor's people, over HTTP:
 *   POST   /api/editor/session   { email, password } -> { user, csrfToken } and the session cookie
 *   GET    /api/editor/session   the same body for the open session, or 401
 *   DELETE /api/editor/session   signs out (CSRF-checked), clears the cookie: 204
 *   POST   /api/editor/password  { token, password }: a one-time link's token sets the password (204, 410 once used or expired)
 * Answers are never cached. The cookie is HttpOnly, SameSite=Strict, Path=/, and Secure when SITE_URL is https.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { EDITOR_SESSION_COOKIE, setPasswordRequestSchema, signInRequestSchema, type EditorSession } from '@cardlift/contracts';
import { AppError } from '../platform/errors';
import { jsonBody } from '../platform/json-body';
import { validate, validBody } from '../platform/validate';
import { rateLimit, type ContactLimiter } from '../leads/rate-limit';
import type { Logger } from '../platform/logger';
import type { AccountService } from './editor-accounts';
import type { SessionRecord } from './editor-store';
import type { SessionService } from './editor-sessions';
import { sessionCookieOf, signedInPerson } from './session-auth';

export interface EditorSessionRouterDeps {
  sessions: SessionService;
  accounts: AccountService;
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

function setSessionCookie(ctx: Context, value: string, secure: boolean): void {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  const ending = value ? [] : ['Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'];
  ctx.append('Set-Cookie', [`${EDITOR_SESSION_COOKIE}=${value}`, ...ending, ...attributes].join('; '));
}

export function editorSessionRouter(deps: EditorSessionRouterDeps): Router {
  const router = new Router({ prefix: '/api/editor' });
  const secure = deps.siteOrigin.startsWith('https:');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.post(
    '/session',
    rateLimit(deps.signInLimiter, deps.logger, 'Too many sign-in attempts. Please try again in a minute.'),
    jsonBody(),
    validate(signInRequestSchema),
    async (ctx) => {
      const { email, password } = validBody(ctx, signInRequestSchema);
      const opened = await deps.sessions.signIn(email, password);
      setSessionCookie(ctx, opened.id, secure);
      ctx.body = answer(opened.session);
    },
  );

  router.get('/session', async (ctx) => {
    const session = await deps.sessions.current(sessionCookieOf(ctx));
    if (!session) throw new AppError(401, 'unauthorized', 'Not signed in');
    ctx.body = answer(session);
  });

  router.delete('/session', async (ctx) => {
    const session = await signedInPerson(ctx, deps.sessions, deps.siteOrigin);
    if (!session) throw new AppError(401, 'unauthorized', 'Not signed in');
    await deps.sessions.signOut(sessionCookieOf(ctx)!, session.email);
    setSessionCookie(ctx, '', secure);
    ctx.status = 204;
  });

  router.post('/password', jsonBody(), validate(setPasswordRequestSchema), async (ctx) => {
    const { token, password } = validBody(ctx, setPasswordRequestSchema);
    if (!(await deps.accounts.setPassword(token, password)))
      throw new AppError(410, 'link_expired', 'This link has been used or has expired: ask for a new one');
    ctx.status = 204;
  });
  return router;
}
