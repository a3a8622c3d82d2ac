/**
 * The only script the page's HTML loads. The server already rendered the page, so nothing the
 * visitor sees waits for JavaScript: the shell's code (and the route's remote) is fetched once the
 * page's first view (its text in the brand font, its hero image) has been painted, and then hydrates
 * it. A page the server could not render starts at once. Inlined at the top of the head, after only
 * the font preloads (api/src/site): kept tiny and free of imports that carry code, it runs before
 * anything that can be painted.
 */
import {
  INLINE_BOOT_ELEMENT_ID,
  INLINE_SITE_ADDRESSES_ELEMENT_ID,
  publishRumContext,
  publishSiteAddresses,
  type BootData,
  type SiteAddresses,
} from '@cardlift/contracts';
import { takeInlineJson } from './inline-json';
import { captureEarlyClicks } from './startup/early-clicks';
import { applyDeferredSheets } from './startup/deferred-sheets';

function start(data: BootData): void {
  for (const file of data.preload) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.href = file.href;
    link.as = file.as;
    if (file.as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
  for (const src of data.scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Each script runs in a task of its own as soon as it arrives.
    script.async = true;
    document.head.append(script);
  }
}

/** Longest the code waits for the first view's font and images: past it, the page becomes interactive anyway. */
const FIRST_VIEW_WAIT_MS = 1500;

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

/** Settles once the browser reports the first contentful paint: a frame callback alone does not mean a frame was shown. */
function firstContentfulPaint(): Promise<void> {
  return new Promise((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return done();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Settles when each image marked as the page's first view (`fetchpriority="high"`) has arrived or failed. */
function firstViewImages(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise((done) => {
          image.addEventListener('load', done, { once: true });
          image.addEventListener('error', done, { once: true });
        }),
    ),
  );
}

/**
 * Settles once the first view is complete: painted, in the brand font, with its first-view images.
 * Until then the shell's code would only compete with them for the network and, once arrived, for
 * the main thread their paint waits on.
 */
async function firstViewDrawn(sheets: Promise<unknown>): Promise<void> {
  // After a frame, style has been computed: the font the page uses is loading (or loaded).
  await nextFrame();
  const deadline = new Promise((done) => setTimeout(done, FIRST_VIEW_WAIT_MS));
  await Promise.race([Promise.all([firstContentfulPaint(), document.fonts.ready, firstViewImages(), sheets]), deadline]);
  // The images' paint is the frame after their arrival.
  await nextFrame();
}

/** Once the document is parsed: the data blocks and the rendered page are there. */
function onParsed(): void {
  // Before any section's code loads: its links and head tags read this environment's addresses, as the server did.
  const addresses = takeInlineJson(INLINE_SITE_ADDRESSES_ELEMENT_ID) as SiteAddresses | undefined;
  if (addresses) publishSiteAddresses(addresses);
  const data = takeInlineJson(INLINE_BOOT_ELEMENT_ID) as BootData | undefined;
  if (!data) return;
  publishRumContext(data.rum);
  const rendered = Boolean(document.getElementById('root')?.firstElementChild);
  const sheets = applyDeferredSheets();
  // A frame callback runs just before the paint; a task queued from it runs just after.
  if (rendered) void firstViewDrawn(sheets).then(() => setTimeout(() => start(data), 0));
  else start(data);
}

// This script runs before anything that can be painted: a large page paints its top before the
// parser reaches its end, and a press there must already be noted.
captureEarlyClicks();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onParsed, { once: true });
else onParsed();
