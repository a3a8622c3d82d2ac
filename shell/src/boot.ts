/**
 * The only script the page's HTML loads. The server already rendered the page, so nothing the
 * visitor sees waits for JavaScript: the shell's code (and the route's remote) is fetched once the
 * page has been painted, and then hydrates it. A page the server could not render starts at once.
 * Kept tiny and free of imports that carry code: it runs before anything else.
 */
import {
  INLINE_BOOT_ELEMENT_ID,
  INLINE_SITE_ADDRESSES_ELEMENT_ID,
  publishSiteAddresses,
  type BootData,
  type SiteAddresses,
} from '@cardlift/contracts';
import { takeInlineJson } from './inline-json';
import { captureEarlyClicks } from './startup/early-clicks';

// First of all: every section's links and head tags read this environment's addresses, as the server did.
const addresses = takeInlineJson(INLINE_SITE_ADDRESSES_ELEMENT_ID) as SiteAddresses | undefined;
if (addresses) publishSiteAddresses(addresses);

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

const data = takeInlineJson(INLINE_BOOT_ELEMENT_ID) as BootData | undefined;
if (data) {
  captureEarlyClicks();
  const rendered = Boolean(document.getElementById('root')?.firstElementChild);
  // A frame callback runs just before the paint; a task queued from it runs just after.
  if (rendered) requestAnimationFrame(() => setTimeout(() => start(data), 0));
  else start(data);
}
