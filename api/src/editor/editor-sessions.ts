/**
 * Signing people in and keeping their sessions. A session ends after 8 hours without a request or
 * 7 days after sign-in, whichever comes first. Five wrong passwords in a row lock the account for 15
 * minutes, counted in the database so that every instance counts them; a sign-in resets the count.
 * Unknown e-mails get the same answer, in about the same time (a dummy hash is checked).
 */
import crypto from 'node:crypto';
import { AppError } from '../platform/errors';
import type { EditorStore, SessionRecord } from './editor-store';
import { passwordMatches, randomSecret, storedHash } from './editor-secrets';

export const SESSION_IDLE_MS = 8 * 3_600_000;
export const SESSION_MAX_MS = 7 * 86_400_000;
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * 60_000;
/** Writing last_seen_at on every request costs a write per click: once a minute is precise enough for 8 hours. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionServiceDeps {
  store(): Promise<EditorStore>;
  clock: () => Date;
}

export interface OpenedSession {
  /** The cookie's value: never stored, only its hash. */
  id: string;
  session: SessionRecord;
}

const invalid = () => new AppError(401, 'invalid_credentials', 'The e-mail or password is not right');

function locked(until: string, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
  const error = new AppError(423, 'locked', 'Too many wrong passwords: the account is locked for a few minutes. Try again later.');
  return Object.assign(error, { retryAfterSeconds: seconds });
}

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /** Opens a session, or throws 401 (wrong e-mail or password) or 423 (locked, with Retry-After). */
  async signIn(rawEmail: string, password: string): Promise<OpenedSession> {
    const store = await this.deps.store();
    const email = rawEmail.trim().toLowerCase();
    const now = this.deps.clock();
    const at = now.toISOString();
    const account = await store.account(email);
    if (account?.lockedUntil && account.lockedUntil > at) {
      await store.audit({ actor: email, action: 'sign_in_refused_locked', subject: email, at });
      throw locked(account.lockedUntil, now);
    }
    if (!(await passwordMatches(account?.passwordHash, password))) {
      const counted =
        account && (await store.recordFailure(email, at, MAX_FAILED_SIGN_INS, new Date(now.getTime() + LOCK_MS).toISOString()));
      await store.audit({ actor: email, action: 'sign_in_failed', subject: email, at });
      if (counted?.lockedUntil && counted.lockedUntil > at) {
        await store.audit({ actor: email, action: 'locked', subject: email, at });
        throw locked(counted.lockedUntil, now);
      }
      throw invalid();
    }
    const id = randomSecret();
    const csrfToken = randomSecret();
    await store.signIn(email, { idHash: storedHash(id), csrfToken }, at);
    return { id, session: { email, role: account!.role, csrfToken, createdAt: at, lastSeenAt: at } };
  }

  /** The session a cookie names, if it is still open (an expired one is removed). */
  async current(id: string | undefined): Promise<SessionRecord | undefined> {
    if (!id) return undefined;
    const store = await this.deps.store();
    const idHash = storedHash(id);
    const session = await store.session(idHash);
    if (!session) return undefined;
    const now = this.deps.clock().getTime();
    if (now - Date.parse(session.lastSeenAt) > SESSION_IDLE_MS || now - Date.parse(session.createdAt) > SESSION_MAX_MS) {
      await store.endSession(idHash);
      return undefined;
    }
    if (now - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) await store.touchSession(idHash, new Date(now).toISOString());
    return session;
  }

  async signOut(id: string, email: string): Promise<void> {
    const at = this.deps.clock().toISOString();
    await (await this.deps.store()).endSession(storedHash(id), { actor: email, action: 'sign_out', subject: email, at });
  }
}

/** Compares a presented CSRF token with the session's without telling by its timing how much matched. */
export function sameToken(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(storedHash(presented), 'hex');
  const b = Buffer.from(storedHash(expected), 'hex');
  return crypto.timingSafeEqual(a, b);
}
