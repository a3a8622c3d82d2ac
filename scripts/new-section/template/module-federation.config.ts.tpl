import { REMOTE_ENTRY_FILE, remoteByPackage } from '@cardlift/contracts';
import { REMOTE_EXPOSE, sharedModules } from '@cardlift/shell/build/federation';

export const federation = {
  name: remoteByPackage('{{packageDir}}').name,
  filename: REMOTE_ENTRY_FILE,
  exposes: { [REMOTE_EXPOSE]: './src/remote-entry.ts' },
  shared: sharedModules(),
  manifest: true,
};
