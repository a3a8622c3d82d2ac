/** A registry store with the release notices on the same connection beside it, as the tests of notices read them. */
import { releaseNoticesOn, type ReleaseNotices } from '../src/notices/release-notices-on';
import type { DatabaseConnection } from '../src/platform/database';
import { registryStoreOn } from '../src/releases/open-registry';
import type { RegistryStore } from '../src/releases/registry-store';

export type NoticedRegistry = RegistryStore & { notices: ReleaseNotices };

export const registryWithNotices = (connection: DatabaseConnection): NoticedRegistry =>
  Object.assign(registryStoreOn(connection), { notices: releaseNoticesOn(connection) });
