import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { MAIN_CONTENT_ID } from '@cardlift/contracts';
import { Outlet } from '@cardlift/shell/router';
import { HydrateWhenVisible, pageFrameAtom } from '@cardlift/shell/ui';
import { ContactSection } from '../contact/contact-section';
import { AnnouncementBar } from './announcement-bar';
import { RouteScroll } from './route-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** One element for every render: a navigation leaves the footer as it is, hydrated or still waiting. */
const footer = (
  <HydrateWhenVisible>
    <SiteFooter />
  </HydrateWhenVisible>
);

/**
 * Announcement bar, header, page, contact form section and footer around every route. Only the skip
 * link, the bar and the header hydrate in the first pass: the page (a remote's Suspense boundary), the
 * contact section and the footer are boundaries of their own, hydrated in later slices, the footer
 * only when it comes near the viewport.
 */
export function PageFrame() {
  const frame = useAtomValue(pageFrameAtom);
  return (
    <>
      <RouteScroll />
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:rounded-button focus:bg-white focus:p-3 focus:text-ink focus:outline-2 focus:outline-primary"
      >
        Skip to content
      </a>
      <AnnouncementBar />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-svh outline-none">
        <Outlet />
      </main>
      {frame.contactForm && (
        <Suspense>
          <ContactSection />
        </Suspense>
      )}
      {footer}
    </>
  );
}
