/**
 * Preview links: a team sees its candidate as the whole site before promoting it. The link carries
 * a signed, expiring grant (remote, version, expiry; HMAC-SHA256); opening it sets the grant as a
 * cookie in that browser only, and every page it then loads is served with the candidate in place
 * of the live version, never cached, never kept in the render cache and never indexed.
 */
import crypto from 'node:crypto';
import { isReleaseVersion, isRemoteName, type RemoteName } from '@cardlift/contracts';

export const PREVIEW_COOKIE = 'cardlift_preview';
/** How long a preview link and its cookie last. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

export interface PreviewGrant {
  remote: RemoteName;
  version: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const mac = (payload: string, secret: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');

export function signPreview(grant: PreviewGrant, secret: string): string {
  const payload = Buffer.from(JSON.stringify([grant.remote, grant.version, grant.expiresAt])).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

/** The grant a token carries when its signature holds and it has not expired; undefined otherwise. */
export function verifyPreview(token: string | undefined, secret: string, now = Date.now()): PreviewGrant | undefined {
  const [payload, signature, extra] = (token ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  try {
    const [remote, version, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (!isRemoteName(remote) || !isReleaseVersion(version)) return undefined;
    if (typeof expiresAt !== 'number' || expiresAt <= now) return undefined;
    return { remote: remote as RemoteName, version, expiresAt };
  } catch {
    return undefined;
  }
}
