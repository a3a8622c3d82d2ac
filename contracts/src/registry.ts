import { z } from './schemas/z';
import { REMOTE_NAMES, type RemoteName } from './remotes';

/**
 * What a version may look like wherever one enters (URL, release API, registry, REMOTES_FILE, preview
 * cookie, imported history): a letter or digit, then letters, digits, `.`, `_`, `+`, `-`, never `..`.
 * So a version is always one plain folder name: never `.`, `..`, a dotfile or a staging folder.
 */
export const RELEASE_VERSION_PATTERN = /^(?!.*\.\.)[0-9A-Za-z][0-9A-Za-z._+-]{0,99}$/;

export function isReleaseVersion(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_VERSION_PATTERN.test(value);
}

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

/** One entry of GET /api/remotes: where the shell finds a remote's manifest. */
export const remoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's mf-manifest.json; absolute, or relative to the site origin. */
  entry: z.string().min(1),
  version: z.string().regex(RELEASE_VERSION_PATTERN, 'version must be a plain version name such as 1.0.0-0123456789'),
});
export const remoteRegistrySchema = z.array(remoteEntrySchema);
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
