import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../contracts';

/** Accepts the package name (`mf-invest`, `@cardlift/mf-invest`) or the federation name (`mf_invest`). */
export function parseRemoteName(input: string | undefined): RemoteName | undefined {
  const name = input?.replace(/^@cardlift\//, '').replace(/-/g, '_');
  return REMOTE_NAMES.find((n) => n === name);
}

export function packageDir(siteRoot: string, name: RemoteName): string {
  return path.join(siteRoot, name.replace(/_/g, '-'));
}
