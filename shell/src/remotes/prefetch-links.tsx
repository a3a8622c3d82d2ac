import { useEffect } from 'react';
import { useLocation } from '@cardlift/shell/router';
import { INTERACTIVE_ATTRIBUTE } from '../layout/mark-interactive';
import { prefetchLinksInView, prefetchOnIntent, whenIdle } from './page-prefetch';

/** Runs `run` once the page's content is interactive (`data-interactive`), never before. */
function whenInteractive(run: () => void): () => void {
  const root = document.documentElement;
  if (root.hasAttribute(INTERACTIVE_ATTRIBUTE)) {
    run();
    return () => undefined;
  }
  const watch = new MutationObserver(() => {
    if (!root.hasAttribute(INTERACTIVE_ATTRIBUTE)) return;
    watch.disconnect();
    run();
  });
  watch.observe(root, { attributes: true, attributeFilter: [INTERACTIVE_ATTRIBUTE] });
  return () => watch.disconnect();
}

/**
 * Prefetches the pages this page links to (page-prefetch.ts): on intent from hydration on, and the
 * links in view once the page is interactive and the browser idle, again after each navigation.
 * Renders nothing, on the server too.
 */
export function PrefetchLinks() {
  const { pathname } = useLocation();
  useEffect(() => prefetchOnIntent(), []);
  useEffect(() => {
    let cancelled = false;
    const stop = whenInteractive(() =>
      whenIdle(() => {
        if (!cancelled) prefetchLinksInView();
      }),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [pathname]);
  return null;
}
