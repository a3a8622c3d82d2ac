/**
 * Throttling of wrong passwords that an outsider cannot turn against the owner: failures are counted
 * per e-mail (as typed, whether an account has it or not) AND client address, and past a few free
 * tries that pair waits, longer after each further failure (30 s doubling to 15 minutes). There is no
 * account-wide lock: the owner at an address without failures signs in at once, however many
 * failures come from elsewhere. A wait is the same answer for every e-mail, so it tells nothing of
 * whether an account exists. The counts live in the shared database, so every instance applies them.
 */
import type { EditorStore } from './editor-store';

/** Wrong passwords a pair may make before it has to wait. */
export const FREE_FAILURES = 4;
const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 15 * 60_000;
/** Failures older than this are forgotten (and their rows removed as new ones are written). */
const FORGET_AFTER_MS = 24 * 3_600_000;

/** How long a pair waits after its `failures`th failure in a row. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

const RECORD = `
  INSERT INTO editor_sign_in_failures (email, address, failures, last_failed_at, wait_until) VALUES ($1, $2, 1, $3, NULL)
  ON CONFLICT (email, address) DO UPDATE SET
    failures = CASE WHEN editor_sign_in_failures.last_failed_at < $4 THEN 1 ELSE editor_sign_in_failures.failures + 1 END,
    last_failed_at = excluded.last_failed_at`;

export class SignInThrottle {
  constructor(
    private readonly store: () => Promise<EditorStore>,
    private readonly clock: () => Date,
  ) {}

  /** Milliseconds the pair must still wait before its next try (0: it may try now). */
  async waitFor(email: string, address: string): Promise<number> {
    const { sql } = await this.store();
    const [row] = await sql.query<{ wait_until: string | null }>(
      'SELECT wait_until FROM editor_sign_in_failures WHERE email = $1 AND address = $2',
      [email, address],
    );
    return row?.wait_until ? Math.max(0, Date.parse(row.wait_until) - this.clock().getTime()) : 0;
  }

  /** Counts a failure of the pair; answers its failures in a row and whether it must now wait. */
  async failed(email: string, address: string): Promise<{ failures: number; waitMs: number }> {
    const { sql } = await this.store();
    const now = this.clock();
    const forgotten = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
    await sql.transaction([
      { sql: 'DELETE FROM editor_sign_in_failures WHERE last_failed_at < $1', params: [forgotten] },
      { sql: RECORD, params: [email, address, now.toISOString(), forgotten] },
    ]);
    const [row] = await sql.query<{ failures: number | string }>(
      'SELECT failures FROM editor_sign_in_failures WHERE email = $1 AND address = $2',
      [email, address],
    );
    const failures = Number(row?.failures ?? 1);
    const waitMs = waitAfter(failures);
    if (waitMs > 0) {
      await sql.transaction([
        {
          sql: 'UPDATE editor_sign_in_failures SET wait_until = $3 WHERE email = $1 AND address = $2',
          params: [email, address, new Date(now.getTime() + waitMs).toISOString()],
        },
      ]);
    }
    return { failures, waitMs };
  }

  /** A sign-in from the pair, or an unlock link opened there: its failures are forgotten. */
  async cleared(email: string, address: string): Promise<void> {
    const { sql } = await this.store();
    await sql.transaction([{ sql: 'DELETE FROM editor_sign_in_failures WHERE email = $1 AND address = $2', params: [email, address] }]);
  }
}
