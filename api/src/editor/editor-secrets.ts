/**
 * The editor's secrets: random session ids, CSRF tokens and set-password tokens (32 random bytes,
 * base64url), which the database keeps as their SHA-256 only, and passwords hashed with argon2id.
 */
import crypto from 'node:crypto';
import argon2 from 'argon2';
import { sha256Hex } from '../platform/token-hash';

export const randomSecret = () => crypto.randomBytes(32).toString('base64url');

/** What the database keeps of a session id or a set-password token. */
export const storedHash = sha256Hex;

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 0.1 s a check here, so a
 * sign-in stays quick on a 2-core machine while a stolen hash stays expensive to guess.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `hash`; without a hash (an unknown e-mail, or no password set yet) it
 * checks against a dummy one, so the answer takes as long whether the account exists or not.
 */
export async function passwordMatches(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomSecret());
  const against = hash ?? (await dummyHash);
  const matches = await argon2.verify(against, password).catch(() => false);
  return Boolean(hash) && matches;
}
