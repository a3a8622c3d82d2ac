import { useEffect } from 'react';
import { useLocation } from '@cardlift/shell/router';
import { headTagsFor, type HeadTag, type PageMeta } from '@cardlift/contracts';

const MANAGED = 'data-page-meta';

function applyTag(tag: HeadTag): void {
  const head = document.head;
  if (tag.kind === 'title') {
    document.title = tag.text;
    return;
  }
  if (tag.kind === 'meta') {
    const selector = `meta[${tag.key}="${tag.id}"]`;
    const element = head.querySelector<HTMLMetaElement>(selector) ?? head.appendChild(document.createElement('meta'));
    element.setAttribute(tag.key, tag.id);
    element.content = tag.content;
    return;
  }
  if (tag.kind === 'link') {
    const element = head.querySelector<HTMLLinkElement>(`link[rel="${tag.rel}"]`) ?? head.appendChild(document.createElement('link'));
    element.rel = tag.rel;
    element.href = tag.href;
    return;
  }
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute(MANAGED, '');
  script.textContent = JSON.stringify(tag.json);
  head.appendChild(script);
}

/** Applies a page's metadata to document.head (the server sent the same tags with the HTML). */
export function applyPageMeta(meta: PageMeta, visitedPath: string): void {
  for (const old of document.head.querySelectorAll(`script[type="application/ld+json"]`)) old.remove();
  for (const tag of headTagsFor(meta, visitedPath)) applyTag(tag);
}

/** Declares the current page's metadata; pass null while the page's data is still loading. */
export function usePageMeta(meta: PageMeta | null | undefined): void {
  const { pathname } = useLocation();
  const key = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (meta) applyPageMeta(meta, pathname);
    // `key` captures every field of meta; the object identity may change on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname]);
}
