import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CONTACT_REQUESTED_EVENT, Skeleton } from '@cardlift/shell/ui';

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

/** Space the form takes, so nothing moves when it arrives. */
const FORM_MIN_HEIGHT = 'min-h-[660px]';

function FormPlaceholder() {
  return (
    <div role="status" className="grid gap-5">
      <span className="sr-only">Loading the contact form</span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
      <Skeleton className="h-11 w-40" />
    </div>
  );
}

/**
 * The contact form (react-hook-form, zod, Radix Select) is below the fold on every page, so its code
 * is not part of the first download: it loads when the section comes near the viewport after a
 * scroll, when focus or the pointer reaches it, or when someone asks for it (Talk to Sales), with a
 * placeholder of the same size until then.
 */
export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  // Starts false on the server and in the browser alike, so hydration finds the placeholder it rendered.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const element = ref.current;
    const load = () => setWanted(true);
    let observer: IntersectionObserver | undefined;
    // Watch for the section only once the visitor scrolls: while the page is still loading it is
    // short, and the section would look "near" before the page's own content pushed it down.
    const watch = () => {
      observer ??= new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
        rootMargin: '800px 0px',
      });
      if (element) observer.observe(element);
    };
    window.addEventListener(CONTACT_REQUESTED_EVENT, load);
    window.addEventListener('scroll', watch, { once: true, passive: true });
    element?.addEventListener('focusin', load);
    element?.addEventListener('pointerenter', load);
    return () => {
      window.removeEventListener(CONTACT_REQUESTED_EVENT, load);
      window.removeEventListener('scroll', watch);
      element?.removeEventListener('focusin', load);
      element?.removeEventListener('pointerenter', load);
      observer?.disconnect();
    };
  }, [wanted]);
  return (
    <div ref={ref} className={FORM_MIN_HEIGHT}>
      {wanted ? (
        <Suspense fallback={<FormPlaceholder />}>
          <ContactForm />
        </Suspense>
      ) : (
        <FormPlaceholder />
      )}
    </div>
  );
}
