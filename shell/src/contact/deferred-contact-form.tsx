import { lazy, Suspense, useMemo } from 'react';
import type { ContactFormState } from '@cardlift/contracts';
import { CONTACT_REQUESTED_EVENT, HydrateWhenVisible, Skeleton } from '@cardlift/shell/ui';

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

/** Space the form takes, so nothing moves when a page rendered in the browser receives it. */
const FORM_MIN_HEIGHT = 'min-h-[660px]';

/**
 * How far below the viewport the form starts loading: a section that near is a flick of the thumb
 * away. Measured where the page is when it hydrates, so a visitor who landed on `#contact` or jumped
 * to the end before the code arrived gets the form's code at once.
 */
const NEAR_MARGIN = '600px 0px';

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
 * The contact form is in every page's server HTML, a plain form that posts without script. Its code
 * (react-hook-form, zod, Radix Select) is not part of the first download: it loads, and hydrates the
 * form in place (keeping whatever was typed meanwhile), when the section is near the viewport, when
 * focus or a press reaches it, or when someone asks for it (Talk to Sales). A page drawn in the
 * browser without server HTML shows a placeholder of the same size while the code arrives.
 */
export function DeferredContactForm({ state }: { state: ContactFormState | undefined }) {
  // The same element on every render: a new one would count as an update to the waiting boundary.
  const form = useMemo(
    () => (
      <Suspense fallback={<FormPlaceholder />}>
        <ContactForm state={state} />
      </Suspense>
    ),
    [state],
  );
  return (
    <HydrateWhenVisible className={FORM_MIN_HEIGHT} rootMargin={NEAR_MARGIN} wakeEvent={CONTACT_REQUESTED_EVENT}>
      {form}
    </HydrateWhenVisible>
  );
}
