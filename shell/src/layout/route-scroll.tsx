import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@cardlift/shell/router';

/** How long a restore or hash jump waits for the page's content (a remote may still be loading). */
const SETTLE_MS = 3000;

/** Scroll position of each history entry this document has shown (see entryId). */
const positions = new Map<string, number>();

/**
 * A history entry's identity. React Router's key alone is not one: entries it did not create (the
 * landing page, a contents link followed by the browser) all have the key 'default'.
 */
const entryId = ({ key, pathname, search, hash }: ReturnType<typeof useLocation>) => `${key} ${pathname}${search}${hash}`;

/**
 * Retries `attempt` every frame until it reports success, the visitor scrolls or types, or time is
 * up: the page being restored or the heading being linked to may not have arrived yet.
 */
function settle(attempt: () => boolean): () => void {
  let frame = 0;
  const deadline = performance.now() + SETTLE_MS;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  const run = () => {
    if (attempt() || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(run);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true });
  run();
  return stop;
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Scroll on navigation (a route change scrolls to the top), without ever moving what the
 * visitor already sees:
 * - the first render (hydration) changes nothing: the browser has placed the page (its restored
 *   position, the hash target, or wherever the visitor scrolled while the scripts loaded);
 * - a new page opens at its hash target when the link has one, else at the top;
 * - Back and Forward return to where that page was left.
 */
export function RouteScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const entry = entryId(location);
  const shown = useRef(entry);

  // Remember where the current entry is scrolled, so Back and Forward can return to it. The browser's
  // own restoring is turned off while the app runs: it would scroll the page being left to the
  // position of the page being returned to, before that page is rendered. It is turned back on when
  // the document is left, so a reload still opens where the visitor was.
  useEffect(() => {
    const save = () => positions.set(shown.current, window.scrollY);
    const manual = () => (history.scrollRestoration = 'manual');
    const auto = () => (history.scrollRestoration = 'auto');
    manual();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', auto);
    window.addEventListener('pageshow', manual);
    return () => {
      auto();
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', auto);
      window.removeEventListener('pageshow', manual);
    };
  }, []);

  useLayoutEffect(() => {
    // Same entry: the first render, or StrictMode running the effect again.
    if (shown.current === entry) return;
    shown.current = entry;
    const saved = positions.get(entry);
    if (navigationType === 'POP' && saved !== undefined) {
      return settle(() => {
        window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
        return Math.abs(window.scrollY - saved) < 1;
      });
    }
    // A contents link on the same page is a POP too: the browser has already scrolled to its target.
    if (navigationType === 'POP' && location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!location.hash) return;
    return settle(() => {
      const target = hashTarget(location.hash);
      target?.scrollIntoView({ block: 'start', behavior: 'instant' });
      return target !== null;
    });
  }, [entry, location.hash, navigationType]);
  return null;
}
