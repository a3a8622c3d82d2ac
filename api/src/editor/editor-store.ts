/**
 * The editor's people in the database the leads use: accounts, sessions, one-time set-password
 * tokens and their audit. One behaviour on SQLite and PostgreSQL (one test suite runs on both): the
 * statements below are written once with `$n` placeholders, and each database only supplies a
 * SqlRunner (platform/sql-runner.ts).
 *
 * Secrets are never stored: sessions and tokens as their SHA-256, passwords as argon2id hashes. The
 * failed sign-ins in a row and the lock live in the account's row, so every instance counts them.
 */
import type { EditorRole } from '@cardlift/contracts';
import type { SqlRunner, Statement } from '../platform/sql-runner';
import { Conflict } from '../platform/errors';

export interface Account {
  email: string;
  role: EditorRole;
  /** null until the person has used a set-password link. */
  passwordHash: string | null;
  failedAttempts: number;
  lockedUntil: string | null;
  createdAt: string;
}

export interface SessionRecord {
  email: string;
  role: EditorRole;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
}

export interface EditorAuditEntry {
  /** Who acted: the person's e-mail, or `cli` for the editors command. */
  actor: string;
  /** sign_in, sign_in_failed, locked, sign_out, password_set, account_added, link_issued, account_removed. */
  action: string;
  /** The account concerned (as typed, for a sign-in to an unknown address). */
  subject: string;
  at: string;
}

/** The address already has an account; nothing was written. */
export class AccountExists extends Conflict {
  constructor(message: string) {
    super('account_exists', message);
  }
}

export type TokenAdded = 'added' | 'limited' | 'no_account';

export interface NewToken {
  hash: string;
  expiresAt: string;
}

export interface NewSession {
  idHash: string;
  csrfToken: string;
}

export interface EditorStore {
  kind: 'sqlite' | 'postgres';
  /** The database itself, for the stores of the editor's other tables (presence, sign-in delays). */
  sql: SqlRunner;
  /** Creates the account (no password yet) with its first set-password token; AccountExists when taken. */
  addAccount(account: { email: string; role: EditorRole }, token: NewToken, audit: EditorAuditEntry): Promise<void>;
  accounts(): Promise<Account[]>;
  account(email: string): Promise<Account | undefined>;
  /** Replaces the account's unused tokens with this one; false when there is no such account. */
  issueToken(email: string, token: NewToken, audit: EditorAuditEntry): Promise<boolean>;
  /**
   * Adds a token beside the account's others (an invite or an earlier link keeps working), unless
   * `limit.max` entries like `audit` (same actor and action) were written for the account since
   * `limit.since`: 'limited' then, 'no_account' without an account, and nothing written either way.
   */
  addToken(email: string, token: NewToken, audit: EditorAuditEntry, limit: { max: number; since: string }): Promise<TokenAdded>;
  /** Removes the account, its sessions and tokens; false when there is no such account. */
  removeAccount(email: string, audit: EditorAuditEntry): Promise<boolean>;
  /** The e-mail a token still valid at `now` was issued for. */
  tokenOwner(tokenHash: string, now: string): Promise<string | undefined>;
  /**
   * Uses the token (once, if still valid at `at`) to set the password: the account's other links stop
   * working (their work is done), and it resets the lock and ends the
   * account's sessions. False when the token was used or expired meanwhile: nothing written.
   */
  setPassword(tokenHash: string, email: string, passwordHash: string, at: string): Promise<boolean>;
  /** Counts one failed sign-in (a count from a lock that ran out starts again); locks at `maxAttempts`. */
  recordFailure(email: string, at: string, maxAttempts: number, lockUntil: string): Promise<Account | undefined>;
  /** Resets the failures and opens the session. */
  signIn(email: string, session: NewSession, at: string): Promise<void>;
  session(idHash: string): Promise<SessionRecord | undefined>;
  touchSession(idHash: string, at: string): Promise<void>;
  /** Ends the session; the audit entry when it is the person's own sign-out. */
  endSession(idHash: string, audit?: EditorAuditEntry): Promise<void>;
  audit(entry: EditorAuditEntry): Promise<void>;
  /** The audit, oldest first. */
  auditTrail(): Promise<EditorAuditEntry[]>;
  close(): Promise<void>;
}

interface AccountRow {
  email: string;
  role: string;
  password_hash: string | null;
  failed_attempts: number | string;
  locked_until: string | null;
  created_at: string;
}

const accountFromRow = (row: AccountRow): Account => ({
  email: row.email,
  role: row.role as EditorRole,
  passwordHash: row.password_hash,
  failedAttempts: Number(row.failed_attempts),
  lockedUntil: row.locked_until,
  createdAt: row.created_at,
});

const auditStatement = (a: EditorAuditEntry): Statement => ({
  sql: 'INSERT INTO editor_audit (actor, action, subject, at) VALUES ($1, $2, $3, $4)',
  params: [a.actor, a.action, a.subject, a.at],
});

const insertToken = (email: string, token: NewToken): Statement => ({
  sql: 'INSERT INTO editor_password_tokens (token_hash, email, expires_at) VALUES ($1, $2, $3)',
  params: [token.hash, email, token.expiresAt],
});

/** One UPDATE, so two instances counting at once both count: the lock starts at the `maxAttempts`th failure. */
const RECORD_FAILURE = `
  UPDATE editor_accounts SET
    failed_attempts = CASE WHEN locked_until IS NOT NULL AND locked_until <= $2 THEN 1 ELSE failed_attempts + 1 END,
    locked_until = CASE
      WHEN locked_until IS NOT NULL AND locked_until > $2 THEN locked_until
      WHEN (CASE WHEN locked_until IS NOT NULL AND locked_until <= $2 THEN 1 ELSE failed_attempts + 1 END) >= $3 THEN $4
      ELSE NULL END
  WHERE email = $1
  RETURNING *`;

export function editorStoreOn(db: SqlRunner): EditorStore {
  const one = async <T>(sql: string, ...params: unknown[]) => (await db.query<T>(sql, params))[0];
  return {
    kind: db.kind,
    sql: db,
    async addAccount({ email, role }, token, audit) {
      try {
        await db.transaction([
          { sql: 'INSERT INTO editor_accounts (email, role, created_at) VALUES ($1, $2, $3)', params: [email, role, audit.at] },
          insertToken(email, token),
          auditStatement(audit),
        ]);
      } catch (error) {
        if (db.isUniqueViolation(error)) throw new AccountExists(`${email} already has an account`);
        throw error;
      }
    },
    async accounts() {
      return (await db.query<AccountRow>('SELECT * FROM editor_accounts ORDER BY email', [])).map(accountFromRow);
    },
    async account(email) {
      const row = await one<AccountRow>('SELECT * FROM editor_accounts WHERE email = $1', email);
      return row && accountFromRow(row);
    },
    issueToken: (email, token, audit) =>
      db.transaction([
        { sql: 'DELETE FROM editor_password_tokens WHERE email = $1', params: [email] },
        {
          sql: `INSERT INTO editor_password_tokens (token_hash, email, expires_at)
                SELECT $1, email, $3 FROM editor_accounts WHERE email = $2`,
          params: [token.hash, email, token.expiresAt],
          mustChange: true,
        },
        auditStatement(audit),
      ]),
    async addToken(email, token, audit, limit) {
      const added = await db.transaction([
        // Links that ran out are of no use to anyone: they go, so an account keeps a handful at most.
        { sql: 'DELETE FROM editor_password_tokens WHERE email = $1 AND expires_at <= $2', params: [email, audit.at] },
        {
          sql: `INSERT INTO editor_password_tokens (token_hash, email, expires_at)
                SELECT $1, email, $3 FROM editor_accounts WHERE email = $2
                AND (SELECT COUNT(*) FROM editor_audit WHERE subject = $2 AND action = $4 AND actor = $5 AND at > $6) < $7`,
          params: [token.hash, email, token.expiresAt, audit.action, audit.actor, limit.since, limit.max],
          mustChange: true,
        },
        auditStatement(audit),
      ]);
      if (added) return 'added';
      return (await one<{ email: string }>('SELECT email FROM editor_accounts WHERE email = $1', email)) ? 'limited' : 'no_account';
    },
    removeAccount: (email, audit) =>
      db.transaction([
        { sql: 'DELETE FROM editor_sessions WHERE email = $1', params: [email] },
        { sql: 'DELETE FROM editor_password_tokens WHERE email = $1', params: [email] },
        { sql: 'DELETE FROM editor_accounts WHERE email = $1', params: [email], mustChange: true },
        auditStatement(audit),
      ]),
    async tokenOwner(tokenHash, now) {
      const row = await one<{ email: string }>(
        'SELECT email FROM editor_password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
        tokenHash,
        now,
      );
      return row?.email;
    },
    setPassword: (tokenHash, email, passwordHash, at) =>
      db.transaction([
        // First, so that of two uses of one link only one goes on (the row is locked until commit).
        {
          sql: `UPDATE editor_password_tokens SET used_at = $3
                WHERE token_hash = $1 AND email = $2 AND used_at IS NULL AND expires_at > $3`,
          params: [tokenHash, email, at],
          mustChange: true,
        },
        {
          sql: 'UPDATE editor_accounts SET password_hash = $2, failed_attempts = 0, locked_until = NULL WHERE email = $1',
          params: [email, passwordHash],
          mustChange: true,
        },
        // The password is set: the account's other links (an invite, another reset) have done their work.
        { sql: 'DELETE FROM editor_password_tokens WHERE email = $1 AND token_hash <> $2', params: [email, tokenHash] },
        { sql: 'DELETE FROM editor_sessions WHERE email = $1', params: [email] },
        auditStatement({ actor: email, action: 'password_set', subject: email, at }),
      ]),
    async recordFailure(email, at, maxAttempts, lockUntil) {
      const row = await one<AccountRow>(RECORD_FAILURE, email, at, maxAttempts, lockUntil);
      return row && accountFromRow(row);
    },
    async signIn(email, session, at) {
      await db.transaction([
        { sql: 'UPDATE editor_accounts SET failed_attempts = 0, locked_until = NULL WHERE email = $1', params: [email] },
        {
          sql: 'INSERT INTO editor_sessions (id_hash, email, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)',
          params: [session.idHash, email, session.csrfToken, at],
        },
        auditStatement({ actor: email, action: 'sign_in', subject: email, at }),
      ]);
    },
    async session(idHash) {
      const row = await one<{ email: string; role: string; csrf_token: string; created_at: string; last_seen_at: string }>(
        `SELECT s.email, a.role, s.csrf_token, s.created_at, s.last_seen_at
         FROM editor_sessions s JOIN editor_accounts a ON a.email = s.email WHERE s.id_hash = $1`,
        idHash,
      );
      return (
        row && {
          email: row.email,
          role: row.role as EditorRole,
          csrfToken: row.csrf_token,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
        }
      );
    },
    async touchSession(idHash, at) {
      await db.transaction([{ sql: 'UPDATE editor_sessions SET last_seen_at = $2 WHERE id_hash = $1', params: [idHash, at] }]);
    },
    async endSession(idHash, audit) {
      await db.transaction([
        { sql: 'DELETE FROM editor_sessions WHERE id_hash = $1', params: [idHash] },
        ...(audit ? [auditStatement(audit)] : []),
      ]);
    },
    async audit(entry) {
      await db.transaction([auditStatement(entry)]);
    },
    auditTrail: () => db.query<EditorAuditEntry>('SELECT actor, action, subject, at FROM editor_audit ORDER BY id', []),
    close: () => db.close(),
  };
}
