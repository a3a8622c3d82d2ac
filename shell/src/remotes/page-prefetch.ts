/**
 * Gets the code of pages a visitor may go to next, so a client-side navigation finds it there. On
 * intent (a pointer over a link, focus, a touch), for any section, the page's code loads and runs.
 * For links in view, once the page is interactive and the browser idle, and only within sections
 * already loaded (another section's container failing would count as the page's), the page's files
 * are only hinted (`<link rel="prefetch">`): the browser fetches them at its lowest priority into its
 * cache and runs nothing, so they never compete with the current page for the network or the main
 * thread. A section without a page table (`pageFiles`) has nothing more to fetch than its routes.
 */
import { sectionForPath } from '@cardlift/contracts';
import { loadRemoteRoutes, remoteLoaded } from './lazy-remote';

/** Paths whose page was loaded (intent) or whose files were hinted (in view), each asked once. */
const loadedPaths = new Set<string>();
const hintedPaths = new Set<string>();
const hintedFiles = new Set<string>();

function samePath(href: string): string | undefined {
  try {
    const url = new URL(href, location.href);
    return url.origin === location.origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the browser to fetch `files` into its cache, at its lowest priority, without running them. */
function hintFiles(files: readonly string[]): void {
  for (const href of files) {
    if (hintedFiles.has(href)) continue;
    hintedFiles.add(href);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Prefetches the page a same-site link leads to: with `seen` (a link in view), only its files and only
 * within loaded sections; otherwise (intent) the section and page chunk load for real.
 */
export function prefetchPage(href: string, seen = false): void {
  const path = samePath(href);
  const asked = seen ? hintedPaths : loadedPaths;
  if (!path || path === location.pathname || asked.has(path) || loadedPaths.has(path)) return;
  const section = sectionForPath(path);
  if (!section || (seen && !remoteLoaded(section.remote))) return;
  asked.add(path);
  loadRemoteRoutes(section.remote)
    .then((mod) => (seen ? mod.pageFiles?.(path).then(hintFiles) : mod.loadPage?.(path)))
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

/**
 * A header menu's panel (desktop-nav.tsx). Its links come into view only once the visitor opened it,
 * their pointer already on its way: intent loads their page. A hint as well would race that load,
 * and a press before the hinted file arrived would download it twice.
 */
const MENU_PANEL = '[data-menu]';

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
    if (observed.has(link) || link.closest(MENU_PANEL)) continue;
    observed.add(link);
    observer.observe(link);
  }
}

export { whenIdle };
