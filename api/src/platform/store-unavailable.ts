/**
 * A write the database cannot take right now (locked by another writer, disk full, read-only, server
 * down) is a temporary refusal, not an internal error: the visitor is told to try again and when, and
 * a load balancer reading /api/ready stops sending traffic meanwhile. Nothing is acknowledged that
 * was not stored.
 */
import { Unavailable } from './errors';

/** Seconds a client is asked to wait before sending the same write again. */
export const STORE_RETRY_AFTER_S = 30;

export class StoreUnavailableError extends Unavailable {
  constructor(readonly reason: string) {
    super('store_unavailable', "We couldn't save your message just now. Please try again in a minute.", STORE_RETRY_AFTER_S);
  }
}

// SQLite result codes (better-sqlite3 puts them on `code`, extended codes included, e.g. SQLITE_IOERR_WRITE).
const SQLITE_TEMPORARY = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|PROTOCOL|NOLFS)/;
// PostgreSQL: connection exceptions (08), insufficient resources such as a full disk (53), operator
// intervention such as a shutdown (57P), and node's own socket errors when the server is unreachable.
const POSTGRES_TEMPORARY = /^(08|53|57P)/;
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** Whether `error` means the store cannot take writes for now (as opposed to a bug or bad data). */
export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const err = error as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (SQLITE_TEMPORARY.test(code) || POSTGRES_TEMPORARY.test(code) || NETWORK.has(code)) return true;
  // pg reports a connection lost mid-query with a message and no code.
  return (
    typeof err?.message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(err.message)
  );
}

export const isSqliteBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));
