/**
 * Bearer tokens kept as their SHA-256 only (release tokens, content tokens): a presented token is
 * hashed and compared with every configured hash in constant time, so neither the configuration nor
 * the timing of an answer gives a token away.
 */
import crypto from 'node:crypto';
import type { Context } from 'koa';

export const sha256Hex = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

const sameHash = (a: string, b: string) => crypto.timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(ctx: Context): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
}

/** The first of `hashes` the token matches; every hash is compared, whatever matches first. */
export function matchingHash<T extends { hash: string }>(token: string, hashes: readonly T[]): T | undefined {
  const presented = sha256Hex(token);
  let found: T | undefined;
  for (const entry of hashes) if (sameHash(presented, entry.hash) && !found) found = entry;
  return found;
}
