/**
 * Everything the generator derives from its arguments and the current table of remotes: the new row
 * (federation name, package folder, label, dev port, CSS prefix, paths) and the page's menu entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NAV_MENUS, type NavMenu } from '../../contracts/src/navigation';
import { REMOTES } from '../../contracts/src/remotes';
import { claimPaths, firstPagePath } from './path-rules';
import { refuse } from './refusal';

export interface SectionRow {
  name: string;
  packageDir: string;
  label: string;
  devPort: number;
  cssPrefix: string;
  paths: string[];
  prefixes: string[];
}

export interface SectionPlan {
  /** The name as given, kebab-case, without `mf-`: `partners`. */
  slug: string;
  row: SectionRow;
  pagePath: string;
  menu: NavMenu;
}

export interface SectionRequest {
  name: string | undefined;
  paths?: string | undefined;
  label?: string | undefined;
  menu?: string | undefined;
}

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** Tailwind's own variants read like a prefix (`md:`): a section's prefix must not be one. */
const TAILWIND_WORDS = new Set(['sm', 'md', 'lg', 'xl', 'in', 'to', 'as']);

function slugOf(raw: string | undefined): string {
  if (!raw) refuse('Name the section: npm run new-section -- <name> --paths /<name>,/<name>/*');
  const slug = raw.replace(/^mf-/, '');
  if (!NAME.test(slug) || slug.length > 30)
    refuse(`"${raw}" is not a section name: use lower-case letters, digits and single hyphens, starting with a letter (at most 30).`);
  return slug;
}

/** `partner-program` -> `Partner Program`. */
const titleOf = (slug: string) => slug.replace(/(^|-)([a-z0-9])/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`);

/** Two letters from the name, first letter first, that no other section's utilities use. */
function cssPrefixFor(slug: string, taken: readonly string[]): string {
  const letters = slug.replace(/[^a-z]/g, '');
  const first = letters[0] ?? 'x';
  const candidates = [...letters.slice(1), ...'abcdefghijklmnopqrstuvwxyz'].map((second) => `${first}${second}`);
  const free = candidates.find((c) => !taken.includes(c) && !TAILWIND_WORDS.has(c));
  if (!free) refuse(`No free two-letter CSS prefix starts with "${first}": add the row by hand (docs/adding-a-section.md).`);
  return free;
}

function menuOf(raw: string | undefined): NavMenu {
  const menu = raw ?? 'company';
  if (!(NAV_MENUS as readonly string[]).includes(menu)) refuse(`--menu must be one of ${NAV_MENUS.join(', ')} (the shell owns the menus).`);
  return menu as NavMenu;
}

export function planSection(request: SectionRequest, repoRoot: string): SectionPlan {
  const slug = slugOf(request.name);
  const packageDir = `mf-${slug}`;
  const name = packageDir.replace(/-/g, '_');
  if (REMOTES.some((r) => r.packageDir === packageDir || r.name === name))
    refuse(`${packageDir} is taken: it is already a row of REMOTES.`);
  if (fs.existsSync(path.join(repoRoot, packageDir))) refuse(`${packageDir} is taken: the folder ${packageDir}/ already exists.`);
  const label = request.label?.trim() || titleOf(slug);
  if (REMOTES.some((r) => r.label.toLowerCase() === label.toLowerCase())) refuse(`The label "${label}" is taken: pass --label.`);
  const menu = menuOf(request.menu);
  const claimed = claimPaths(request.paths);
  const devPort = Math.max(...REMOTES.map((r) => r.devPort)) + 1;
  const cssPrefix = cssPrefixFor(
    slug,
    REMOTES.map((r) => r.cssPrefix),
  );
  return {
    slug,
    row: { name, packageDir, label, devPort, cssPrefix, ...claimed },
    pagePath: firstPagePath(claimed),
    menu,
  };
}
