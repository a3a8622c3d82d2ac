import { z } from './schemas/z';
import { REMOTE_NAMES } from './sections';

/** One entry of GET /api/remotes: where the shell finds a remote's manifest. */
export const remoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's mf-manifest.json; absolute, or relative to the site origin. */
  entry: z.string().min(1),
  version: z.string().min(1),
});
export const remoteRegistrySchema = z.array(remoteEntrySchema);
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
