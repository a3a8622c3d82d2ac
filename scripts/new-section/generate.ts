/**
 * Creates a section: checks the request against the table of remotes (refusing before anything is
 * written), writes `mf-<name>/` from the template, appends the row to `contracts/src/remotes.ts`,
 * records the workspace in package-lock.json and links it. Everything else reads the table or a glob.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { releaseTokenName } from '../../api/src/releases/release-auth';
import type { RemoteName } from '../../contracts/src/remotes';
import { pinnedDependencies } from './package-manifest';
import { withRow } from './remotes-table';
import { planSection, type SectionPlan, type SectionRequest } from './section-plan';
import { renderTemplate, type TemplateValues } from './template';
import { linkWorkspace, recordInLockfile } from './workspace-link';

export const REMOTES_FILE = path.join('contracts', 'src', 'remotes.ts');

export interface GeneratedSection {
  plan: SectionPlan;
  tokenVariable: string;
  /** Files changed outside the new folder, relative to the repository root. */
  changedOutside: string[];
  /** What the generator could not do itself and the developer must. */
  notes: string[];
}

function templateValues(plan: SectionPlan, repoRoot: string, tokenVariable: string): TemplateValues {
  const { row, slug, pagePath, menu } = plan;
  const identifier = row.label.replace(/[^A-Za-z0-9]+/g, ' ').replace(/(?:^|\s)(\w)/g, (_m, c: string) => c.toUpperCase());
  const component = /^[A-Z]/.test(identifier) ? identifier : `Section${identifier}`;
  const { dependencies, devDependencies } = pinnedDependencies(repoRoot);
  const owned = [...row.paths.map((p) => `\`${p}\``), ...row.prefixes.map((p) => `\`${p}/*\``)];
  return {
    name: slug,
    packageDir: row.packageDir,
    federationName: row.name,
    cssPrefix: row.cssPrefix,
    devPort: String(row.devPort),
    tokenVariable,
    componentName: `${component}Page`,
    labelIdentifier: component,
    ownedPaths: owned.join(', '),
    pagePathText: pagePath,
    labelText: row.label,
    pagePath: JSON.stringify(pagePath),
    label: JSON.stringify(row.label),
    description: JSON.stringify(`${row.label} at Cardlift: what this section offers, in one sentence for search results.`),
    menu: JSON.stringify(menu),
    navOrder: '50',
    navDescription: JSON.stringify(`What ${row.label} offers`),
    dependencies: JSON.stringify(dependencies),
    devDependencies: JSON.stringify(devDependencies),
  };
}

/** In the repository's Prettier style (Markdown is written as the template has it, like the other READMEs). */
async function formatted(file: string, text: string): Promise<string> {
  if (file.endsWith('.md')) return text;
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

export async function generateSection(request: SectionRequest, repoRoot: string): Promise<GeneratedSection> {
  const plan = planSection(request, repoRoot);
  const tokenVariable = releaseTokenName(plan.row.name as RemoteName);
  const target = path.join(repoRoot, plan.row.packageDir);
  // Everything is prepared in memory first, so a refusal or a template error writes nothing.
  const files = new Map<string, string>();
  for (const [relative, text] of renderTemplate(templateValues(plan, repoRoot, tokenVariable)))
    files.set(path.join(target, relative), await formatted(path.join(target, relative), text));
  const tableFile = path.join(repoRoot, REMOTES_FILE);
  const table = await formatted(tableFile, withRow(fs.readFileSync(tableFile, 'utf8'), plan.row));

  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  fs.writeFileSync(tableFile, table);
  recordInLockfile(repoRoot);
  const linkNote = linkWorkspace(repoRoot, plan.row.packageDir);
  return { plan, tokenVariable, changedOutside: [REMOTES_FILE, 'package-lock.json'], notes: linkNote ? [linkNote] : [] };
}
