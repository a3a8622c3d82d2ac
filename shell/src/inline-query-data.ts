import type { QueryClient } from '@tanstack/react-query';
import { INLINE_QUERY_DATA_ELEMENT_ID, type InlineQueryData } from '@cardlift/api/contracts';

/**
 * Seeds the query cache with the data the api inlined for this page (its PageMeta.queries and the
 * banner), so the first render shows content instead of skeletons and makes no request for it.
 */
export function seedInlineQueryData(queryClient: QueryClient): void {
  const element = document.getElementById(INLINE_QUERY_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  element.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries as Partial<InlineQueryData>[]) {
    if (Array.isArray(entry.queryKey) && entry.data !== undefined) queryClient.setQueryData(entry.queryKey, entry.data);
  }
}
