import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { CONTACT_SECTION_ID, pageFrameAtom } from '@cardlift/shell/ui';
import { ScrollToTop } from './scroll-to-top';

/** Header, page, contact form section and footer around every route. */
export function PageFrame() {
  const frame = useAtomValue(pageFrameAtom);
  return (
    <>
      <ScrollToTop />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="h-[66px] border-b border-line bg-white" data-testid="site-header">
        <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center px-6">
          <a href="/" className="font-semibold">Cardlift</a>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      {frame.contactForm && (
        <section id={CONTACT_SECTION_ID} aria-labelledby="contact-title" tabIndex={-1} className="bg-white py-24">
          <h2 id="contact-title" className="text-center text-3xl font-semibold">Talk to Sales</h2>
        </section>
      )}
      <footer className="min-h-[600px] bg-black pt-32 text-white" data-testid="site-footer" />
    </>
  );
}
