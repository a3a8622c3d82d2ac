import path from 'node:path';
import { REMOTES, type RemoteName } from '@cardlift/contracts';
import { packageDirOf } from '../serving/remote-registry';

/** Accepts the package name (`mf-invest`, `@cardlift/mf-invest`) or the federation name (`mf_invest`). */
export function parseRemoteName(input: string | undefined): RemoteName | undefined {
  const name = input?.replace(/^@cardlift\//, '');
  return REMOTES.find((r) => r.name === name || r.packageDir === name)?.name;
}

export function packageDir(siteRoot: string, name: RemoteName): string {
  return path.join(siteRoot, packageDirOf(name));
}
