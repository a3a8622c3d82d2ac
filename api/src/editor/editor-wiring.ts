/**
 * The editor's people, wired from the configuration: the store (opened on first use, in the
 * database the leads use), the account and session services with the sign-in delays and the mails
 * that help people back in, the /api/editor routes (sessions, presence), and the session check the
 * content API accepts beside its tokens.
 */
import type { DatabaseConnection } from '../platform/database';
import type { Context } from 'koa';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import { memoryLimiter } from '../platform/rate-limit';
import { sha256Hex } from '../platform/token-hash';
import { AccountHelp } from './account-help';
import { AccountService } from './editor-accounts';
import { editorMailer } from './editor-mail';
import { EditorPresence } from './editor-presence';
import { editorPresenceRouter, type ItemStateOf } from './editor-presence.router';
import { SessionService } from './editor-sessions';
import type { EditorStore } from './editor-store';
import { editorSessionRouter } from './editor-session.router';
import { editorStoreOnDatabase } from './open-editor-store';
import { sessionCookieOf, signedInPerson } from './session-auth';
import { SignInThrottle } from './sign-in-throttle';

export function editorWiring(
  config: AppConfig,
  deps: { logger: Logger; clock: () => Date; database: () => Promise<DatabaseConnection>; itemState?: ItemStateOf },
) {
  let opened: Promise<EditorStore> | undefined;
  const store = () => (opened ??= deps.database().then(editorStoreOnDatabase));
  const siteOrigin = config.siteAddresses.siteUrl;
  const throttle = new SignInThrottle(store, deps.clock);
  const accounts = new AccountService({ store, siteUrl: siteOrigin, clock: deps.clock });
  const from = config.editorMailFrom ?? `no-reply@${new URL(siteOrigin).hostname}`;
  const mailer = editorMailer(config.smtpUrl, from, deps.logger);
  const help = new AccountHelp({ store, accounts, throttle, mailer, siteUrl: siteOrigin, clock: deps.clock, logger: deps.logger });
  const sessions = new SessionService({
    store,
    clock: deps.clock,
    throttle,
    onThrottled: (email, address) => help.throttled(email, address),
  });
  const perMinute = config.editorSignInRateLimit;
  const signInLimiter = perMinute > 0 ? memoryLimiter(perMinute, config.rateLimitMaxClients) : undefined;
  const person = (ctx: Context) => signedInPerson(ctx, sessions, siteOrigin);
  return {
    store,
    routers: [
      editorSessionRouter({ sessions, accounts, help, siteOrigin, signInLimiter, logger: deps.logger }),
      editorPresenceRouter(new EditorPresence(store, deps.clock), person, deps.itemState),
    ],
    /** For the content API: the person signed in on this request, CSRF-checked for writes. */
    person,
    /**
     * A tag of the open session the request carries (undefined without one): what a content preview is
     * tied to. Derived from the cookie, never the cookie itself nor what the database keeps of it.
     */
    async sessionTag(ctx: Context): Promise<string | undefined> {
      const id = sessionCookieOf(ctx);
      return id && (await sessions.current(id)) ? sha256Hex(`content-preview\0${id}`) : undefined;
    },
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
