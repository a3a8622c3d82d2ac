/**
 * Stands in for the federation runtime core's `SnapshotHandler` in the browser (see
 * federation-runtime-trim.ts). The runtime's own handler for builds without remotes keeps the
 * hooks plugins register on; the remote handler also clears a remote's manifest from the cache when
 * the remote is registered again (the shell does so after a deploy), so the cache is kept, empty.
 */
import { DisabledSnapshotHandler } from '@cardlift/federation-runtime-core-dist/plugins/snapshot/disabled.js';

export class SnapshotHandler extends DisabledSnapshotHandler {
  readonly manifestCache = new Map<string, unknown>();

  loadRemoteSnapshotInfo(): Promise<never> {
    return Promise.reject(new Error('This site loads remotes by their remoteEntry.js; the runtime carries no manifest snapshots.'));
  }
}
