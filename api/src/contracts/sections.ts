/**
 * Which remote owns which part of the URL space. The shell routes by this table and the api uses it
 * to preload the right remote; each remote's own <Routes> then matches the full path.
 */
export const REMOTE_NAMES = ['mf_marketing', 'mf_resources', 'mf_company', 'mf_invest'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

interface Section {
  remote: RemoteName;
  label: string;
  /** Exact paths owned. */
  paths: string[];
  /** Path prefixes owned (a prefix `/blog` owns `/blog` and `/blog/...`). */
  prefixes: string[];
}

export const SECTIONS: readonly Section[] = [
  { remote: 'mf_marketing', label: 'Marketing', paths: ['/'], prefixes: ['/products', '/solutions'] },
  { remote: 'mf_resources', label: 'Resources', paths: [], prefixes: ['/case-studies', '/casestudies', '/casestudy', '/blog'] },
  { remote: 'mf_company', label: 'Company', paths: ['/privacy', '/terms'], prefixes: ['/company'] },
  { remote: 'mf_invest', label: 'Invest', paths: ['/invest'], prefixes: [] },
];

export function sectionForPath(pathname: string): Section | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTIONS.find(
    (s) => s.paths.includes(path) || s.prefixes.some((p) => path === p || path.startsWith(`${p}/`)),
  );
}
