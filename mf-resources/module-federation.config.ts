import { federationName, REMOTE_EXPOSE, sharedModules } from '@cardlift/shell/build/federation';

export const federation = {
  name: federationName('mf-resources'),
  filename: 'remoteEntry.js',
  exposes: { [REMOTE_EXPOSE]: './src/remote-entry.ts' },
  shared: sharedModules(),
  manifest: true,
};
