/**
 * Who may change content: the holder of a content token (CONTENT_TOKEN_<NAME>, kept as its SHA-256
 * with a role), or a person signed in to the editor (its session cookie, CSRF-checked for writes by
 * editor/session-auth.ts). An editor saves drafts and restores revisions; a publisher also publishes
 * and unpublishes. The audit records the token's variable name or the person's e-mail.
 */
import type { Context, DefaultState } from 'koa';
import { CSRF_HEADER, SESSION_ENDED } from '@cardlift/contracts';
import type { ContentRole, ContentToken } from '../platform/config';
import { AppError } from '../platform/errors';
import { stateOf } from '../platform/request-state';
import { bearerToken, matchingHash } from '../platform/token-hash';

export interface ContentAccess {
  tokens: readonly ContentToken[];
  /** The person signed in with the editor's session cookie; undefined without a cookie; throws 401/403 for a bad one. */
  person?(ctx: Context): Promise<{ email: string; role: ContentRole } | undefined>;
}

const mayDo = (role: ContentRole, needs: ContentRole) => needs !== 'publisher' || role === 'publisher';

/** Who is calling: the audit's name for them, and whether through a token (a script) or a session (a person). */
export interface ContentCaller {
  actor: string;
  via: 'token' | 'session';
  role: ContentRole;
}

declare module 'koa' {
  interface DefaultState {
    /** Who called a content route and how (a token or a session), set by its gate (content-access.ts). */
    caller?: ContentCaller;
  }
}

/** The caller the route's gate let in. */
export const callerOf = (ctx: { state: DefaultState }): ContentCaller => stateOf(ctx, 'caller');

/**
 * Returns the caller, or throws: 404 without any token configured (and no session), 401 without a
 * valid token or session, 403 for an editor publishing or a cross-site write. A request of the
 * editor's pages (they send X-CSRF-Token on every call) whose session cookie is gone (expired,
 * or ended elsewhere) is told so: 401 `session_ended`, whatever tokens are configured.
 */
export async function authorizeContent(ctx: Context, access: ContentAccess, needs: ContentRole): Promise<ContentCaller> {
  const token = bearerToken(ctx);
  const person = !token && access.person ? await access.person(ctx) : undefined;
  if (person) {
    if (!mayDo(person.role, needs)) throw new AppError(403, 'forbidden', 'Only a publisher may do this');
    return { actor: person.email, via: 'session', role: person.role };
  }
  if (!token && CSRF_HEADER.toLowerCase() in ctx.headers) throw new AppError(401, 'session_ended', SESSION_ENDED);
  const { tokens } = access;
  if (tokens.length === 0) throw new AppError(404, 'not_found', 'No content API: no CONTENT_TOKEN_<NAME> is configured');
  if (!token) {
    ctx.set('WWW-Authenticate', 'Bearer');
    throw new AppError(401, 'unauthorized', 'The content API needs a content token (Authorization: Bearer <token>)');
  }
  const holder = matchingHash(token, tokens);
  if (!holder) {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new AppError(401, 'unauthorized', 'The token is not a content token');
  }
  if (!mayDo(holder.role, needs)) throw new AppError(403, 'forbidden', 'Only a publisher token may do this');
  return { actor: holder.name, via: 'token', role: holder.role };
}
