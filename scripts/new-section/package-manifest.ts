/**
 * The new section's package.json values: the same dependencies at the same pinned versions as the
 * sections already in the table (read from their package.json, so an upgrade there carries over).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../../contracts/src/remotes';
import { refuse } from './refusal';

/** What every section uses: the contracts, the shell's public entries, React, and the build tools. */
const DEPENDENCIES = ['@cardlift/contracts', '@cardlift/shell', 'react', 'react-dom'];
const DEV_DEPENDENCIES = [
  '@module-federation/enhanced',
  '@module-federation/runtime',
  '@rspack/cli',
  '@rspack/core',
  '@rspack/dev-server',
  '@rspack/plugin-react-refresh',
  '@tailwindcss/postcss',
  'postcss',
  'postcss-loader',
  'react-refresh',
  'tailwindcss',
];

type Field = 'dependencies' | 'devDependencies';

function pinned(
  manifests: readonly Partial<Record<Field, Record<string, string>>>[],
  field: Field,
  names: string[],
): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const versions = [...new Set(manifests.map((m) => m[field]?.[name]).filter((v): v is string => v !== undefined))];
      if (versions.length !== 1)
        refuse(
          versions.length === 0
            ? `No section declares ${name} in its ${field}: the template no longer matches them.`
            : `The sections pin ${name} at different versions (${versions.join(', ')}): align them first.`,
        );
      return [name, versions[0] as string];
    }),
  );
}

/** `{{dependencies}}` and `{{devDependencies}}` of the template's package.json. */
export function pinnedDependencies(repoRoot: string): { dependencies: Record<string, string>; devDependencies: Record<string, string> } {
  const manifests = REMOTES.map((r) => JSON.parse(fs.readFileSync(path.join(repoRoot, r.packageDir, 'package.json'), 'utf8')));
  return {
    dependencies: pinned(manifests, 'dependencies', DEPENDENCIES),
    devDependencies: pinned(manifests, 'devDependencies', DEV_DEPENDENCIES),
  };
}
