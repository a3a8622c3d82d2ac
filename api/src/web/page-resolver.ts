/**
 * Which page a path is, for the HTML the api sends: its metadata, or null for a 404. Uses the same
 * page declarations the remotes render on the client.
 */
import { remoteMeta as company } from '@cardlift/mf-company/meta';
import { remoteMeta as invest } from '@cardlift/mf-invest/meta';
import { remoteMeta as marketing } from '@cardlift/mf-marketing/meta';
import { remoteMeta as resources } from '@cardlift/mf-resources/meta';
import { shellPages } from '@cardlift/shell/meta';
import {
  resolvePageMeta,
  sectionForPath,
  type ContentLookup,
  type PageMeta,
  type RemoteMeta,
  type RemoteName,
} from '../contracts';

export const REMOTE_META: Record<RemoteName, RemoteMeta> = {
  mf_marketing: marketing,
  mf_resources: resources,
  mf_company: company,
  mf_invest: invest,
};

export interface ResolvedPage {
  meta: PageMeta;
  remote?: RemoteName;
}

export function resolvePage(pathname: string, content: ContentLookup): ResolvedPage | null {
  const own = shellPages.find((p) => p.path === pathname);
  if (own) return { meta: own };
  const section = sectionForPath(pathname);
  if (!section) return null;
  const meta = resolvePageMeta(REMOTE_META[section.remote], pathname, content);
  return meta ? { meta, remote: section.remote } : null;
}

export const NOT_FOUND_META: PageMeta = {
  path: '*',
  title: '404 Page Not Found',
  description: 'Did you forget to add the page to the router?',
  noindex: true,
};
