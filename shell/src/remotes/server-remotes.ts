import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '@cardlift/contracts';

/**
 * On the server, each remote's route component comes from its server build, already loaded by the
 * api; a remote missing here is left for the browser to render. Undefined in the browser, where
 * remotes load through the federation runtime.
 */
export type ServerRemotes = Partial<Record<RemoteName, ComponentType>>;

export const ServerRemotesContext = createContext<ServerRemotes | undefined>(undefined);

/** Thrown on the server for a remote without a server build: React renders that section in the browser. */
export class ClientOnlyRemote extends Error {
  constructor(readonly remote: RemoteName) {
    super(`${remote} has no server build; the browser renders it`);
    this.name = 'ClientOnlyRemote';
  }
}
