import { z } from 'zod';
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

/**
 * Id of the JSON data block (`<script type="application/json">`) in which the api inlines the
 * registry into the HTML, saving the shell a round trip. A data block is not executed, so the
 * Content-Security-Policy needs no inline-script exception.
 */
export const INLINE_REGISTRY_ELEMENT_ID = 'cardlift-remotes';
