/**
 * Which remote owns which part of the URL space. The shell routes by this table and the api uses it
 * to preload the right remote; each remote's own <Routes> then matches the full path.
 */
import { REMOTES, type RemoteName } from './remotes';

interface Section {
  remote: RemoteName;
  label: string;
  /** Exact paths owned. */
  paths: string[];
  /** Path prefixes owned (a prefix `/blog` owns `/blog` and `/blog/...`). */
  prefixes: string[];
}

export const SECTIONS: readonly Section[] = REMOTES.map((r) => ({
  remote: r.name,
  label: r.label,
  paths: [...r.paths],
  prefixes: [...r.prefixes],
}));

export function sectionForPath(pathname: string): Section | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTIONS.find((s) => s.paths.includes(path) || s.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}
