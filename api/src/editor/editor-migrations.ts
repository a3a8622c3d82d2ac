/** The content editor's schema migrations (its people, presence and sign-in limits). Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

/**
 * The editor's people (editor/): accounts (e-mail in lower case, argon2id hash, the failed sign-ins
 * in a row and the lock, kept here so every instance counts them), sessions and one-time
 * set-password tokens (both kept as SHA-256 only), and the audit of sign-ins, lockouts, password
 * changes and sign-outs.
 */
const editorTables = (id: string) => `
      CREATE TABLE editor_accounts (
        email TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        password_hash TEXT,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE editor_sessions (
        id_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
      CREATE INDEX editor_sessions_email ON editor_sessions (email);
      CREATE TABLE editor_password_tokens (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX editor_password_tokens_email ON editor_password_tokens (email);
      CREATE TABLE editor_audit (
        id ${id},
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL,
        at TEXT NOT NULL
      );`;
/** Who has which content item open in the editor: one row per person and item, refreshed by the open screen. */
const EDITOR_PRESENCE_TABLE = `
      CREATE TABLE editor_presence (
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        email TEXT NOT NULL,
        since TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (kind, item_id, email)
      );`;

/**
 * Failed sign-ins per e-mail (as typed, known or not) and client address, with the time before which
 * that pair must wait; and the one-time unlock links mailed to an account's owner (SHA-256 only).
 */
const EDITOR_SIGN_IN_TABLES = `
      CREATE TABLE editor_sign_in_failures (
        email TEXT NOT NULL,
        address TEXT NOT NULL,
        failures INTEGER NOT NULL,
        last_failed_at TEXT NOT NULL,
        wait_until TEXT,
        PRIMARY KEY (email, address)
      );
      CREATE INDEX editor_sign_in_failures_age ON editor_sign_in_failures (last_failed_at);
      CREATE TABLE editor_unlock_tokens (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );`;

export const EDITOR_MIGRATIONS: readonly Migration[] = [
  // People accounts of the content editor (editor/).
  {
    version: 6,
    sqlite: editorTables('INTEGER PRIMARY KEY AUTOINCREMENT'),
    postgres: editorTables('BIGSERIAL PRIMARY KEY'),
  },
  // Who has an item open in the editor (editor/editor-presence.ts), refreshed every few seconds.
  { version: 15, sqlite: EDITOR_PRESENCE_TABLE, postgres: EDITOR_PRESENCE_TABLE },
  // Sign-in delays per account and client address, and one-time unlock links (editor/sign-in-throttle.ts).
  // The account-wide lock columns of migration 6 stay (the previous release reads them) but are no longer set.
  { version: 16, sqlite: EDITOR_SIGN_IN_TABLES, postgres: EDITOR_SIGN_IN_TABLES },
  // Forgotten-password mails are counted per account from the audit (editor/account-help.ts): an
  // index, so the count stays a lookup however long the audit grows.
  {
    version: 24,
    sqlite: 'CREATE INDEX editor_audit_subject ON editor_audit (subject, action, at);',
    postgres: 'CREATE INDEX editor_audit_subject ON editor_audit (subject, action, at);',
  },
];
