import type { QueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  INLINE_NAVIGATION_ELEMENT_ID,
  INLINE_PAGE_FRAME_ELEMENT_ID,
  INLINE_QUERY_DATA_ELEMENT_ID,
  type InlineQueryData,
  type PageFrame,
  type SiteNavigation,
} from '@cardlift/contracts';
import { takeInlineJson } from './inline-json';

/** Puts query results into the cache, so the first render shows content and makes no request for it. */
export function seedQueryData(queryClient: QueryClient, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries as Partial<InlineQueryData>[]) {
    if (Array.isArray(entry.queryKey) && entry.data !== undefined) queryClient.setQueryData(entry.queryKey, entry.data);
  }
}

/**
 * Seeds the query cache with the data the api inlined for this page (its PageMeta.queries and the
 * banner): the same data the server rendered the page with, so hydration finds the same content.
 */
export function seedInlineQueryData(queryClient: QueryClient): void {
  seedQueryData(queryClient, takeInlineJson(INLINE_QUERY_DATA_ELEMENT_ID));
}

/** The frame the server rendered the page with (its PageMeta.frame). */
export function readInlinePageFrame(): Partial<PageFrame> | undefined {
  const frame = takeInlineJson(INLINE_PAGE_FRAME_ELEMENT_ID);
  return frame && typeof frame === 'object' ? (frame as Partial<PageFrame>) : undefined;
}

const isNavigation = (value: unknown): value is SiteNavigation =>
  typeof value === 'object' && value !== null && 'header' in value && 'footer' in value;

/**
 * The menus' links the server rendered the page with. Where no api rendered the page (the shell's dev
 * server), they are asked of the api; until they arrive the header has no menus.
 */
export async function readNavigation(): Promise<SiteNavigation | undefined> {
  const inline = takeInlineJson(INLINE_NAVIGATION_ELEMENT_ID);
  if (inline !== undefined) return isNavigation(inline) ? inline : undefined;
  try {
    const response = await fetch(API_PATHS.navigation, { credentials: 'same-origin' });
    const fetched: unknown = response.ok ? await response.json() : undefined;
    return isNavigation(fetched) ? fetched : undefined;
  } catch {
    return undefined;
  }
}
