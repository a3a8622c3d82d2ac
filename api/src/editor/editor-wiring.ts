/**
 * The editor's people, wired from the configuration: the store (opened on first use, in the
 * database the leads use), the account and session services, the /api/editor routes, and the
 * session check the content API accepts beside its tokens.
 */
import type { Context } from 'koa';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { memoryLimiter } from '../leads/rate-limit';
import { AccountService } from './editor-accounts';
import { SessionService } from './editor-sessions';
import type { EditorStore } from './editor-store';
import { editorSessionRouter } from './editor-session.router';
import { openEditorStore } from './open-editor-store';
import { signedInPerson } from './session-auth';

export function editorWiring(config: AppConfig, deps: { logger: Logger; clock: () => Date }) {
  let opened: Promise<EditorStore> | undefined;
  const store = () => (opened ??= openEditorStore(config));
  const siteOrigin = config.siteAddresses.siteUrl;
  const sessions = new SessionService({ store, clock: deps.clock });
  const accounts = new AccountService({ store, siteUrl: siteOrigin, clock: deps.clock });
  const perMinute = config.editorSignInRateLimit;
  const signInLimiter = perMinute > 0 ? memoryLimiter(perMinute, config.rateLimitMaxClients) : undefined;
  return {
    store,
    router: editorSessionRouter({ sessions, accounts, siteOrigin, signInLimiter, logger: deps.logger }),
    /** For the content API: the person signed in on this request, CSRF-checked for writes. */
    person: (ctx: Context) => signedInPerson(ctx, sessions, siteOrigin),
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
