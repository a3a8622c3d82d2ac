import { useAtomValue } from 'jotai';
import { Outlet } from '@cardlift/shell/router';
import { pageFrameAtom } from '@cardlift/shell/ui';
import { ContactSection } from '../contact/contact-section';
import { AnnouncementBar } from './announcement-bar';
import { RouteScroll } from './route-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Announcement bar, header, page, contact form section and footer around every route. */
export function PageFrame() {
  const frame = useAtomValue(pageFrameAtom);
  return (
    <>
      <RouteScroll />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:rounded-button focus:bg-white focus:p-3 focus:text-ink focus:outline-2 focus:outline-primary">
        Skip to content
      </a>
      <AnnouncementBar />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-svh outline-none">
        <Outlet />
      </main>
      {frame.contactForm && <ContactSection />}
      <SiteFooter />
    </>
  );
}
