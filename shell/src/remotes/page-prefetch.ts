/**
 * Loads the code of pages a visitor may go to next, so a client-side navigation finds it there: on
 * intent (a pointer over a link, focus, a touch) for any section, and for links in view once the page
 * is interactive and the browser idle, only within sections already loaded, so it never competes with
 * the current page nor loads another section's container (whose failure would count as the page's).
 */
import { sectionForPath } from '@cardlift/contracts';
import { loadRemoteRoutes, remoteLoaded } from './lazy-remote';

const asked = new Set<string>();

function samePath(href: string): string | undefined {
  try {
    const url = new URL(href, location.href);
    return url.origin === location.origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Loads the section and page chunk a same-site link leads to; `seen` keeps to loaded sections. */
export function prefetchPage(href: string, seen = false): void {
  const path = samePath(href);
  if (!path || path === location.pathname || asked.has(path)) return;
  const section = sectionForPath(path);
  if (!section || (seen && !remoteLoaded(section.remote))) return;
  asked.add(path);
  loadRemoteRoutes(section.remote)
    .then((mod) => mod.loadPage?.(path))
    // Asked again on the next intent; a real navigation shows the failure.
    .catch(() => asked.delete(path));
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
}

function onIntent(event: Event): void {
  const link = linkOf(event.target);
  if (link && !link.target && !link.hasAttribute('download')) prefetchPage(link.href);
}

let listening = false;

/** Listens for intent on every link of the document, once. */
export function prefetchOnIntent(): void {
  if (listening) return;
  listening = true;
  const options = { capture: true, passive: true };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, options);
}

let observer: IntersectionObserver | undefined;
const observed = new WeakSet<Element>();

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

/** Watches the document's links not yet watched; each one coming into view is prefetched when idle. */
export function prefetchLinksInView(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const href = (entry.target as HTMLAnchorElement).href;
      whenIdle(() => prefetchPage(href, true));
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (observed.has(link)) continue;
    observed.add(link);
    observer.observe(link);
  }
}

export { whenIdle };
