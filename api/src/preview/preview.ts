/**
 * Preview links: a team sees its candidate as the whole site before promoting it. The link carries
 * a signed, expiring grant (remote, version, expiry; HMAC-SHA256); opening it sets the grant as a
 * cookie in that browser only, and every page it then loads is served with the candidate in place
 * of the live version, never cached, never kept in the render cache and never indexed.
 */
import crypto from 'node:crypto';
import { contentKindSchema, isReleaseVersion, isRemoteName, type ContentKind, type RemoteName } from '@cardlift/contracts';

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

/** A signed token of `fields` (JSON, base64url) and its HMAC. */
function sign(fields: readonly unknown[], secret: string): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

/** The fields a token carries when its signature holds; undefined otherwise. */
function verified(token: string | undefined, secret: string): unknown[] | undefined {
  const [payload, signature, extra] = (token ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(fields) ? fields : undefined;
  } catch {
    return undefined;
  }
}

const live = (expiresAt: unknown, now: number): expiresAt is number => typeof expiresAt === 'number' && expiresAt > now;

export function signPreview(grant: PreviewGrant, secret: string): string {
  return sign([grant.remote, grant.version, grant.expiresAt], secret);
}

/** The grant a token carries when its signature holds and it has not expired; undefined otherwise. */
export function verifyPreview(token: string | undefined, secret: string, now = Date.now()): PreviewGrant | undefined {
  const fields = verified(token, secret);
  if (fields?.length !== 3) return undefined;
  const [remote, version, expiresAt] = fields;
  if (!isRemoteName(remote) || !isReleaseVersion(version) || !live(expiresAt, now)) return undefined;
  return { remote, version, expiresAt };
}

/**
 * The second kind of grant, signed with the same secret: an editor sees one content item's latest
 * revision (draft included) in place of the published one, in their browser only. Its own cookie, so
 * a release candidate and a draft can be previewed together; its first field tells it from a release's.
 */
export const CONTENT_PREVIEW_COOKIE = 'cardlift_content_preview';
const CONTENT_GRANT = 'content';

export interface ContentPreviewGrant {
  kind: ContentKind;
  /** The item's id (a job's slug) when the preview began: its latest id, or its live one. */
  id: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /**
   * The editor session that asked for it (a tag derived from its cookie), which must still be open
   * and sent beside it on every use; null for a content token's preview (a script has no session).
   */
  session: string | null;
}

export function signContentPreview(grant: ContentPreviewGrant, secret: string): string {
  return sign([CONTENT_GRANT, grant.kind, grant.id, grant.expiresAt, grant.session], secret);
}

/** A grant signed before previews were tied to sessions (four fields) is no longer honoured. */
export function verifyContentPreview(token: string | undefined, secret: string, now = Date.now()): ContentPreviewGrant | undefined {
  const fields = verified(token, secret);
  if (fields?.length !== 5 || fields[0] !== CONTENT_GRANT) return undefined;
  const [, kind, id, expiresAt, session] = fields;
  const parsed = contentKindSchema.safeParse(kind);
  if (!parsed.success || typeof id !== 'string' || !live(expiresAt, now)) return undefined;
  if (session !== null && typeof session !== 'string') return undefined;
  return { kind: parsed.data, id, expiresAt, session };
}
