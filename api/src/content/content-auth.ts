/**
 * Who may change content: the holder of a content token (CONTENT_TOKEN_<NAME>, kept as its SHA-256
 * with a role). An editor saves drafts and restores revisions; a publisher also publishes and
 * unpublishes. The token's variable name is the actor the audit records.
 */
import type { Context } from 'koa';
import type { ContentRole, ContentToken } from '../platform/config';
import { AppError } from '../platform/errors';
import { bearerToken, matchingHash } from '../platform/token-hash';

/** Returns the actor, or throws: 404 without any token configured, 401 without a valid token, 403 for an editor publishing. */
export function authorizeContent(ctx: Context, tokens: readonly ContentToken[], needs: ContentRole): string {
  if (tokens.length === 0) throw new AppError(404, 'not_found', 'No content API: no CONTENT_TOKEN_<NAME> is configured');
  const token = bearerToken(ctx);
  if (!token) {
    ctx.set('WWW-Authenticate', 'Bearer');
    throw new AppError(401, 'unauthorized', 'The content API needs a content token (Authorization: Bearer <token>)');
  }
  const holder = matchingHash(token, tokens);
  if (!holder) {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new AppError(401, 'unauthorized', 'The token is not a content token');
  }
  if (needs === 'publisher' && holder.role !== 'publisher') throw new AppError(403, 'forbidden', 'Only a publisher token may do this');
  return holder.name;
}
