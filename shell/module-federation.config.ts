/**
 * The shell is the federation host. It names no remote here: remotes are registered at runtime
 * from the registry (GET /api/remotes or the copy inlined in the HTML).
 */
import { sharedModules } from './build/federation';

export const federation = {
  name: 'shell',
  remotes: {},
  shared: sharedModules({ eager: true }),
};
