import type { QueryClient } from '@tanstack/react-query';
import { INLINE_PAGE_FRAME_ELEMENT_ID, INLINE_QUERY_DATA_ELEMENT_ID, type InlineQueryData, type PageFrame } from '@cardlift/contracts';
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
