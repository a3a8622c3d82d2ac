/**
 * The version of the shell build this instance serves (its manifest's `buildInfo`), the version its
 * pages' measurements are filed under; re-read only when the build changes.
 */
import path from 'node:path';
import { MANIFEST_FILE, readManifest } from '../artifacts/manifest';
import { derivedFromFiles } from './file-derived';

export function servedShellVersion(shellDist: string): string | undefined {
  return derivedFromFiles([path.join(shellDist, MANIFEST_FILE)], () => {
    const read = readManifest(shellDist);
    return read.ok ? read.manifest.metaData?.buildInfo?.buildVersion : undefined;
  });
}
