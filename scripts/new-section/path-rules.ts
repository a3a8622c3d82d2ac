/**
 * Which URL paths a new section may claim. `--paths /partners,/partners/*` names exact paths and
 * prefixes (`/x/*` owns `/x` and everything under it), written as the table of remotes stores them.
 * A path is refused when it is malformed, belongs to the site itself, or meets another section's
 * (decided with the contracts' own matching, `sectionForPath`, so the generator and the router agree).
 */
import { sectionForPath, SECTIONS } from '../../contracts/src/sections';
import { shellPages } from '../../shell/src/pages/meta';
import { refuse } from './refusal';

export interface ClaimedPaths {
  paths: string[];
  prefixes: string[];
}

/**
 * First path segments the site answers itself: the api's routes and files (`/api`, `/assets`,
 * `/remotes`, content images, share cards, fonts) and the shell's redirects. The shell's own pages
 * come from its page table.
 */
const SITE_SEGMENTS = ['api', 'assets', 'remotes', 'content-images', 'og', 'fonts', 'resources'];

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function shape(raw: string): { path: string; prefix: boolean } {
  const prefix = raw.endsWith('/*');
  const path = prefix ? raw.slice(0, -2) : raw;
  const segments = path.split('/').slice(1);
  if (!path.startsWith('/') || segments.length === 0 || !segments.every((s) => SEGMENT.test(s)))
    refuse(`"${raw}" is not a section path: use lower-case words and hyphens, like /partners or /partners/* (a prefix).`);
  return { path, prefix };
}

/** Whether `path` is `prefix` or under it. */
const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function ensureFree(raw: string, path: string, prefix: boolean): void {
  const firstSegment = path.split('/')[1] ?? '';
  const shellPage = shellPages.find((page) => within(page.path, path) || (prefix ? false : page.path === path));
  if (SITE_SEGMENTS.includes(firstSegment) || shellPage)
    refuse(`"${raw}" is taken by the site itself (${shellPage ? `the shell's page ${shellPage.path}` : `/${firstSegment}`}).`);
  const owner = sectionForPath(path);
  if (owner) refuse(`"${raw}" is taken: ${path} belongs to ${owner.remote} (${owner.label}).`);
  if (!prefix) return;
  // A prefix also claims every path under it: none may already belong to another section.
  const inside = SECTIONS.find((s) => [...s.paths, ...s.prefixes].some((owned) => within(owned, path)));
  if (inside) refuse(`"${raw}" overlaps ${inside.remote} (${inside.label}), which owns paths under ${path}.`);
}

/** Parses `--paths`: a comma-separated list; exact paths a prefix already covers are folded into it. */
export function claimPaths(list: string | undefined): ClaimedPaths {
  const raws = (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (raws.length === 0) refuse('Say which paths the section owns: --paths /partners,/partners/*');
  const claims = raws.map((raw) => ({ raw, ...shape(raw) }));
  for (const { raw, path, prefix } of claims) ensureFree(raw, path, prefix);
  const prefixes = [...new Set(claims.filter((c) => c.prefix).map((c) => c.path))];
  const paths = [...new Set(claims.filter((c) => !c.prefix).map((c) => c.path))].filter((p) => !prefixes.some((q) => within(p, q)));
  return { paths, prefixes };
}

/** The path of the section's first page: its first exact path, or the root of its first prefix. */
export const firstPagePath = ({ paths, prefixes }: ClaimedPaths): string => (paths[0] ?? prefixes[0]) as string;
