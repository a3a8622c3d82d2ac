/**
 * The kinds of content the content API edits, one row each: the schema every write is checked with,
 * which field is the item's id in its URLs, where it goes in the read model, and its public paths
 * (which a renamed item's old ids answer 301 from).
 */
import type { z } from 'zod';
import {
  API_PATHS,
  BANNERS_ITEM_ID,
  CONTENT_KIND_SCHEMAS,
  contentPagePath,
  PUBLIC_CONTENT_SCHEMAS,
  type ContentKind,
} from '@cardlift/contracts';
import { NO_BANNERS, type ContentItems } from './content-store';

export interface KindInfo {
  /** What a save and a publish check: the shape and the editorial rules (alt text). */
  schema: z.ZodType<object>;
  /** What the site serves from: live content stored before an editorial rule still reads. */
  publicSchema: z.ZodType<object>;
  /** The id the item's URLs use (a job's slug). */
  idOf(item: object): string;
  /** Public paths of an item with this id: its page (if it has one) and its api answer. */
  paths(id: string): string[];
  /** What the 404 of an unknown item says. */
  label: string;
}

export const KINDS: Record<ContentKind, KindInfo> = {
  casestudies: {
    schema: CONTENT_KIND_SCHEMAS.casestudies,
    publicSchema: PUBLIC_CONTENT_SCHEMAS.casestudies,
    idOf: (item) => (item as { id: string }).id,
    paths: (id) => [contentPagePath('casestudies', id), `${API_PATHS.caseStudies}/${id}`],
    label: 'Case study',
  },
  blog: {
    schema: CONTENT_KIND_SCHEMAS.blog,
    publicSchema: PUBLIC_CONTENT_SCHEMAS.blog,
    idOf: (item) => (item as { id: string }).id,
    paths: (id) => [contentPagePath('blog', id), `${API_PATHS.blog}/${id}`],
    label: 'Blog post',
  },
  jobs: {
    schema: CONTENT_KIND_SCHEMAS.jobs,
    publicSchema: PUBLIC_CONTENT_SCHEMAS.jobs,
    idOf: (item) => (item as { slug: string }).slug,
    paths: (id) => [contentPagePath('jobs', id), `${API_PATHS.jobs}/${id}`],
    label: 'Job',
  },
  banners: {
    schema: CONTENT_KIND_SCHEMAS.banners,
    publicSchema: PUBLIC_CONTENT_SCHEMAS.banners,
    idOf: () => BANNERS_ITEM_ID,
    paths: () => [],
    label: 'Banners',
  },
};

/** The read model's items from live bodies, by kind (bodies already parsed with their schema). */
export function itemsOf(live: readonly { kind: ContentKind; body: unknown }[]): ContentItems {
  const of = <T>(kind: ContentKind) => live.filter((l) => l.kind === kind).map((l) => l.body as T);
  return {
    caseStudies: of('casestudies'),
    blogPosts: of('blog'),
    jobs: of('jobs'),
    banners: of<ContentItems['banners']>('banners')[0] ?? NO_BANNERS,
  };
}

/** The seed's items as (kind, body) pairs, banners included. */
export function bodiesOf(items: ContentItems): { kind: ContentKind; body: object }[] {
  return [
    ...items.caseStudies.map((body) => ({ kind: 'casestudies' as const, body })),
    ...items.blogPosts.map((body) => ({ kind: 'blog' as const, body })),
    ...items.jobs.map((body) => ({ kind: 'jobs' as const, body })),
    { kind: 'banners' as const, body: items.banners },
  ];
}
