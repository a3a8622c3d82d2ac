/**
 * Who may release a remote: the holder of that remote's token. The api keeps only each token's
 * SHA-256 (RELEASE_TOKEN_<REMOTE>), and compares hashes in constant time, so neither the
 * configuration nor the timing of an answer gives a token away.
 */
import type { Context } from 'koa';
import type { RemoteName } from '@cardlift/contracts';
import { AppError } from '../platform/errors';
import { bearerToken, matchingHash } from '../platform/token-hash';

/** The name of the variable holding a remote's token hash: also who a release is recorded as. */
export const releaseTokenName = (remote: RemoteName) => `RELEASE_TOKEN_${remote.toUpperCase()}`;

/**
 * Returns the actor for the audit trail, or throws: 404 when the remote's release API is off (no
 * token configured), 401 without a valid token, 403 with another remote's token.
 */
export function authorizeRelease(ctx: Context, remote: RemoteName, hashes: Partial<Record<RemoteName, string>>): string {
  const mine = hashes[remote];
  if (!mine) throw new AppError(404, 'not_found', `No release API for ${remote}: it has no release token configured`);
  const token = bearerToken(ctx);
  if (!token) {
    ctx.set('WWW-Authenticate', 'Bearer');
    throw new AppError(401, 'unauthorized', `A release of ${remote} needs its release token (Authorization: Bearer <token>)`);
  }
  const owner = matchingHash(
    token,
    (Object.entries(hashes) as [RemoteName, string][]).map(([name, hash]) => ({ name, hash })),
  )?.name;
  if (owner === remote) return releaseTokenName(remote);
  if (owner) throw new AppError(403, 'forbidden', `This token releases ${owner}, not ${remote}`);
  ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
  throw new AppError(401, 'unauthorized', `The token is not a release token of ${remote}`);
}
