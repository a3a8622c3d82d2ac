/**
 * The data behind the api paths a page declares (PageMeta.queries), from the same table the content
 * endpoints answer from (services/content-sources.ts), so the HTML can carry it. A key with no data
 * (unknown id) is left out and the page asks the api itself, which answers as usual.
 */
import { matchPattern, type InlineQueryData } from '@cardlift/contracts';
import { CONTENT_SOURCES } from '../content/content-sources';
import type { ContentStore } from '../content/content-store';

/** What the HTML carries for one api path: the endpoint's answer, or the part of it the site's query reads. */
export function dataForPath(path: string, content: ContentStore): unknown {
  for (const { pattern, lookup, inline } of CONTENT_SOURCES) {
    const params = matchPattern(pattern, path);
    if (!params) continue;
    const data = lookup(params, content);
    return data && inline ? inline(data) : data;
  }
  return undefined;
}

export function inlineQueryData(queryKeys: readonly string[][], content: ContentStore): InlineQueryData[] {
  const out: InlineQueryData[] = [];
  for (const queryKey of queryKeys) {
    const data = dataForPath(queryKey.join('/'), content);
    if (data !== undefined) out.push({ queryKey, data });
  }
  return out;
}
