/**
 * Which side of a canary a visitor is on. A strictly necessary first-party cookie holds a random value
 * with no meaning (set only while a canary runs, for a visitor who has none); the side for remote R is
 * a stable function of (value, R), so every instance, every page and every /api answer agree without
 * storing anything about the visitor. Named in the privacy policy.
 */
import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { RemoteName } from '@cardlift/contracts';
import type { CurrentVersions } from '../../serving/remote-registry';
import type { Canary } from '../registry-store';

export const CANARY_COOKIE = 'cardlift_canary';
/**
 * The visitor's sides, as a label a shared cache can key on without computing anything (the shipped
 * VCL adds it to the hash): an HMAC, under a key every instance shares, of every running canary
 * (remote, version, share) and the side taken of each, so two visitors on the same sides share one
 * cache object, a step or a new canary makes new labels, and nobody outside can make one up. A
 * request carrying any other label (or one while no canary runs) gets a new one or none, on an
 * answer a cache keeps under no key: a made-up label never becomes an object.
 */
export const SIDE_COOKIE = 'cardlift_side';
export const CANARY_COOKIE_DAYS = 30;
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** True when the visitor `value` gets the canary of `remote` at `share` %: sha256(value + remote), first 4 bytes mod 100. */
export function onCanarySide(value: string, remote: RemoteName, share: number): boolean {
  return (
    crypto
      .createHash('sha256')
      .update(value + remote)
      .digest()
      .readUInt32BE(0) %
      100 <
    share
  );
}

/** The versions this visitor is served: each running canary in place of the current version on its side. */
export function visitorVersions(current: CurrentVersions, canaries: ReadonlyMap<RemoteName, Canary>, visitor: string): CurrentVersions {
  const versions = new Map(current);
  for (const [remote, canary] of canaries) {
    if (current.has(remote) && onCanarySide(visitor, remote, canary.share)) versions.set(remote, canary.version);
  }
  return versions;
}

const setCookie = (ctx: Context, name: string, value: string) =>
  ctx.cookies.set(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: CANARY_COOKIE_DAYS * 24 * 60 * 60 * 1000,
  });

/**
 * The visitor's canary value: theirs when well formed, else a new one, set as a cookie on this answer
 * (so this answer and every later one agree). Only called while a canary runs.
 */
export function canaryVisitor(ctx: Context): string {
  const held = ctx.cookies.get(CANARY_COOKIE);
  if (held && VISITOR_PATTERN.test(held)) return held;
  const value = crypto.randomBytes(16).toString('base64url');
  setCookie(ctx, CANARY_COOKIE, value);
  return value;
}

/** The key side labels are signed with, from a secret every instance shares. */
export function sideLabelKey(sharedSecret: string): Buffer {
  return crypto.createHmac('sha256', sharedSecret).update('cardlift canary side label').digest();
}

/** The label of the sides `visitor` is on for the running canaries (SIDE_COOKIE), signed with `key`. */
export function sideLabel(canaries: ReadonlyMap<RemoteName, Canary>, visitor: string, key: Buffer): string {
  const sides = [...canaries]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([remote, canary]) =>
        `${remote}@${canary.version}:${canary.share}:${onCanarySide(visitor, remote, canary.share) ? 'canary' : 'current'}`,
    );
  return crypto.createHmac('sha256', key).update(sides.join(' ')).digest('base64url').slice(0, 22);
}

/**
 * The versions a request is served from. While a canary runs the answer depends on the cookies, so it
 * says so (`Vary: Cookie`) to any cache on the way. A request whose side label is missing or not its
 * own (a first visit, a step since, a made-up one) gets the right one set, which makes that answer
 * the visitor's alone (edge/edge-answers.ts): a cache only ever keeps an answer under the label it
 * was built for. While no canary runs, a label is taken back the same way. Until the key is known
 * (the instance is starting) no label is set.
 */
export function requestVersions(
  ctx: Context,
  current: CurrentVersions,
  canaries: ReadonlyMap<RemoteName, Canary>,
  key: Buffer | undefined,
): CurrentVersions {
  if (canaries.size === 0) {
    if (ctx.cookies.get(SIDE_COOKIE) !== undefined) ctx.cookies.set(SIDE_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'lax' });
    return current;
  }
  ctx.vary('Cookie');
  const visitor = canaryVisitor(ctx);
  if (!key) return visitorVersions(current, canaries, visitor);
  const label = sideLabel(canaries, visitor, key);
  if (ctx.cookies.get(SIDE_COOKIE) !== label) setCookie(ctx, SIDE_COOKIE, label);
  return visitorVersions(current, canaries, visitor);
}
