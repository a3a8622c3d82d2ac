/**
 * Workspace packages depend on each other at the workspace's exact version, never `*` or a range: a
 * public package of the same name (`@cardlift/api` on the registry) could otherwise be installed in
 * place of the workspace, and its code would run in the build and in the api.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
type Manifest = { name: string; version: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
/** The workspace folders, a pattern such as `mf-*` standing for every folder it matches that holds a package. */
const workspaceDirs = root.workspaces.flatMap((entry) => {
  if (!entry.includes('*')) return [entry];
  const pattern = new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return fs.readdirSync(REPO_ROOT).filter((dir) => pattern.test(dir) && fs.existsSync(path.join(REPO_ROOT, dir, 'package.json')));
});
const manifests = workspaceDirs.map((dir) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as Manifest);
const versionOf = new Map(manifests.map((m) => [m.name, m.version]));

describe('workspace dependencies', () => {
  it.each(manifests.map((m) => [m.name, m] as const))(
    'of %s name the workspace version exactly, and resolve to the workspace',
    (_name, manifest) => {
      const wanted = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([dep]) => versionOf.has(dep));
      for (const [dep, range] of wanted) {
        expect(`${dep}@${range}`).toBe(`${dep}@${versionOf.get(dep)}`);
        // Installed as a link to the workspace folder, not a downloaded copy.
        expect(fs.lstatSync(path.join(REPO_ROOT, 'node_modules', dep)).isSymbolicLink()).toBe(true);
      }
    },
  );
});
