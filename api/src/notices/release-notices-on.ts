/**
 * The release events' notices still to send (releases/release-notices.ts), on a database connection:
 * the notice relay's own store, apart from the registry store that writes them with their events.
 */
import type { DatabaseConnection } from '../platform/database';
import { runnerOn } from '../platform/sql-runner';
import { releaseNoticesOn as noticesOnRunner, type ReleaseNoticeStore } from '../releases/release-notices';

export type ReleaseNotices = ReleaseNoticeStore & { close(): Promise<void> };

/** On the process's database (its owner closes it) or, through `onOwnDatabase`, a script's own. */
export const releaseNoticesOn = (connection: DatabaseConnection): ReleaseNotices =>
  Object.assign(noticesOnRunner(runnerOn(connection)), { close: async () => undefined });
