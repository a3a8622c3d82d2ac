/**
 * Signed proof that a report is about a page view the site served. Two tokens, one key:
 *
 * - The page token, in every page's boot data: an HMAC over what the page was built from (its
 *   section, route and the version of each remote in its registry) and the hour it was issued. It
 *   names no visitor, so a shared cache may keep the page, and it is the same for an hour, so the
 *   page's bytes (and its ETag) do not change on every render.
 * - The page-view token, traded for a page token at RUM_VIEW_PATH: a random id, the issue time, the
 *   snapshot and the client (a keyed hash of the requester's network, client-address.ts). A report
 *   carries it; the api counts each id once (the view ledger) and files the report under the
 *   snapshot's versions, never under versions a sender makes up.
 *
 * The key is the deployment's (RUM_TOKEN_SECRET, or one created once in the database), so every
 * instance signs and checks alike.
 */
import crypto from 'node:crypto';
import type { RemoteName, RumSection } from '@cardlift/contracts';

const HOUR_MS = 3_600_000;
/** A clock a little ahead on another instance must not make its fresh tokens look forged. */
const CLOCK_SKEW_MS = 60_000;

/** What a page was built from, as signed: its section, route and the version of each build on it. */
export interface PageSnapshot {
  section: RumSection;
  route: string;
  versions: Partial<Record<RumSection, string>>;
  /** The experiment arm the page was served in ("experiment:arm", experiments/experiment-serving.ts), when it was. */
  arm?: string;
}

/** A page-view token's contents, once its signature is checked. */
export interface ViewClaims extends PageSnapshot {
  id: string;
  /** Epoch milliseconds the view token was issued at. */
  issuedAt: number;
  /** Who asked for it: a keyed hash of their network, the unit the canary guard counts people in. */
  client: string;
}

export type TokenCheck<T> = { ok: true; value: T } | { ok: false; reason: 'forged' | 'expired' };

/** A remote's versions in a fixed order, so the signer and the checker hash the same text. */
function canonical({ section, route, versions, arm }: PageSnapshot): string {
  const pairs = Object.entries(versions)
    .filter(([name]) => name !== 'shell')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, version]) => `${name}=${version}`);
  return `${section}\n${route}\n${pairs.join(',')}${arm === undefined ? '' : `\n${arm}`}`;
}

const sameText = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class PageViewTokens {
  constructor(
    private readonly key: string,
    /** How old a page token (its hour's end) or a view token may be when it is used. */
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(...parts: (string | number)[]): string {
    return crypto.createHmac('sha256', this.key).update(parts.join('\0')).digest().subarray(0, 16).toString('base64url');
  }

  /** The page token for a page built from `snapshot` (the shell's version is not part of it). */
  page(snapshot: PageSnapshot): string {
    const hour = Math.floor(this.now() / HOUR_MS);
    // An arm rides in a third part the browser passes back untouched, so the page's script needs no change.
    const arm = snapshot.arm === undefined ? '' : `.${Buffer.from(snapshot.arm).toString('base64url')}`;
    return `${hour.toString(36)}.${this.mac('page', hour, canonical(snapshot))}${arm}`;
  }

  checkPage(token: string, snapshot: PageSnapshot): TokenCheck<PageSnapshot> {
    const [hourText, signature, armText, extra] = token.split('.');
    const hour = parseInt(hourText ?? '', 36);
    if (extra !== undefined || !signature || !Number.isSafeInteger(hour)) return { ok: false, reason: 'forged' };
    const { arm: _claimed, ...page } = snapshot;
    const signed = armText === undefined ? page : { ...page, arm: Buffer.from(armText, 'base64url').toString('utf8') };
    if (!sameText(this.mac('page', hour, canonical(signed)), signature)) return { ok: false, reason: 'forged' };
    const now = this.now();
    if (hour * HOUR_MS > now + CLOCK_SKEW_MS) return { ok: false, reason: 'forged' };
    if ((hour + 1) * HOUR_MS + this.maxAgeMs < now) return { ok: false, reason: 'expired' };
    return { ok: true, value: signed };
  }

  /** A page-view token for one view of `snapshot` by `client`. */
  view(snapshot: PageSnapshot, client: string): string {
    const claims = { i: crypto.randomBytes(16).toString('base64url'), t: this.now(), c: client, ...compact(snapshot) };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac('view', payload)}`;
  }

  readView(token: string): TokenCheck<ViewClaims> {
    const [payload, signature, extra] = token.split('.');
    if (extra !== undefined || !payload || !signature || !sameText(this.mac('view', payload), signature))
      return { ok: false, reason: 'forged' };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CompactClaims;
    const now = this.now();
    if (claims.t > now + CLOCK_SKEW_MS) return { ok: false, reason: 'forged' };
    if (claims.t + this.maxAgeMs < now) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      value: {
        ...{ id: claims.i, issuedAt: claims.t, client: claims.c, section: claims.s, route: claims.r, versions: claims.v },
        ...(claims.x === undefined ? {} : { arm: claims.x }),
      },
    };
  }

  /** When a view token issued at `issuedAt` stops being accepted: its id need not be remembered past it. */
  expiresAt(issuedAt: number): number {
    return issuedAt + this.maxAgeMs + CLOCK_SKEW_MS;
  }

  /** A keyed hash of a network's text (client-address.ts), so nothing stored names an address. */
  client(network: string): string {
    return this.mac('client', network).slice(0, 12);
  }
}

type CompactClaims = { i: string; t: number; c: string; s: RumSection; r: string; v: Partial<Record<RumSection, string>>; x?: string };
const compact = ({ section, route, versions, arm }: PageSnapshot) => ({
  s: section,
  r: route,
  v: versions,
  ...(arm === undefined ? {} : { x: arm }),
});

/** The remotes' versions of a registry, as a page snapshot names them. */
export function registryVersions(registry: readonly { name: RemoteName; version: string }[]): Partial<Record<RumSection, string>> {
  return Object.fromEntries(registry.map((entry) => [entry.name, entry.version]));
}
