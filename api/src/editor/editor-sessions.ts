/**
 * Signing people in and keeping their sessions. A session ends after 8 hours without a request or
 * 7 days after sign-in, whichever comes first. Wrong passwords make the e-mail and client address
 * that sent them wait, longer each time (sign-in-throttle.ts), never the account as a whole.
 * A wrong password, an unknown e-mail and an account without a password get one answer, in the
 * same time (a dummy hash is checked); a waiting pair gets one answer too, whichever the e-mail.
 */
import crypto from 'node:crypto';
import { AppError } from '../platform/errors';
import type { EditorStore, SessionRecord } from './editor-store';
import { passwordMatches, randomSecret, storedHash } from './editor-secrets';
import { FREE_FAILURES, type SignInThrottle } from './sign-in-throttle';

export const SESSION_IDLE_MS = 8 * 3_600_000;
export const SESSION_MAX_MS = 7 * 86_400_000;
/** Writing last_seen_at on every request costs a write per click: once a minute is precise enough for 8 hours. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionServiceDeps {
  store(): Promise<EditorStore>;
  clock: () => Date;
  throttle: SignInThrottle;
  /** An account's sign-ins from `address` just started to wait (its owner may be mailed an unlock link). */
  onThrottled?(email: string, address: string): void;
}

export interface OpenedSession {
  /** The cookie's value: never stored, only its hash. */
  id: string;
  session: SessionRecord;
}

const invalid = () => new AppError(401, 'invalid_credentials', 'The e-mail or password is not right');

function waiting(waitMs: number): AppError {
  const error = new AppError(
    429,
    'too_many_attempts',
    'Too many wrong passwords for this e-mail from here: wait a little, then try again (or use "Forgot your password?").',
  );
  return Object.assign(error, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /**
   * Opens a session, or throws 401 (wrong e-mail or password) or 429 (this e-mail from this address
   * must wait, with Retry-After). `address` is the client's (ctx.ip).
   */
  async signIn(rawEmail: string, password: string, address: string): Promise<OpenedSession> {
    const store = await this.deps.store();
    const email = rawEmail.trim().toLowerCase();
    const { throttle } = this.deps;
    const at = this.deps.clock().toISOString();
    const [waitMs, account] = await Promise.all([throttle.waitFor(email, address), store.account(email)]);
    if (waitMs > 0) {
      await store.audit({ actor: email, action: 'sign_in_delayed', subject: `${email} from ${address}`, at });
      throw waiting(waitMs);
    }
    if (!(await passwordMatches(account?.passwordHash, password))) {
      const { failures } = await throttle.failed(email, address);
      await store.audit({ actor: email, action: 'sign_in_failed', subject: `${email} from ${address}`, at });
      if (failures === FREE_FAILURES && account) this.deps.onThrottled?.(email, address);
      throw invalid();
    }
    await throttle.cleared(email, address);
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

  /** Max-Age of the session cookie: the longest a session can last. */
  static readonly cookieMaxAgeSeconds = SESSION_MAX_MS / 1000;

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
