/**
 * The page's whole stylesheets come as `media="print"` links beside the rules its first paint uses
 * (inlined by the api): they load without blocking that paint. Each is applied once it has arrived,
 * and the code waits for them (within the first view's bound), since it can show markup the
 * inlined rules do not cover: an opened menu, a dialog, another page.
 */
import { DEFERRED_SHEET_ATTRIBUTE } from '@cardlift/contracts';

/** Applies each deferred sheet as it arrives; settles when all have arrived or failed. */
export function applyDeferredSheets(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_SHEET_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((done) => {
          const apply = () => {
            link.media = 'all';
            done();
          };
          // Already arrived (a cached sheet): its load event has passed.
          if (link.sheet) return apply();
          link.addEventListener('load', apply, { once: true });
          // A failed sheet leaves the inlined rules; the code need not wait on it.
          link.addEventListener('error', () => done(), { once: true });
        }),
    ),
  );
}
