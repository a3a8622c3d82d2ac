/**
 * The release events' notices still to send (registry/release-notices.ts), on a database connection:
 * the notice relay's own store, apart from the registry store that writes them with their events.
 */
import type { DatabaseConnection } from '../platform/database';
import type { ReleaseNoticeStore } from '../registry/release-notices';
import { postgresReleaseNotices } from '../registry/release-notices-postgres';
import { sqliteReleaseNotices } from '../registry/release-notices-sqlite';

export type ReleaseNotices = ReleaseNoticeStore & { close(): Promise<void> };

/** On the process's database (its owner closes it) or, through `onOwnDatabase`, a script's own. */
export const releaseNoticesOn = (connection: DatabaseConnection): ReleaseNotices =>
  Object.assign(connection.kind === 'postgres' ? postgresReleaseNotices(connection.pool) : sqliteReleaseNotices(connection.db), {
    close: async () => undefined,
  });
