import { CircleCheck } from 'lucide-react';
import { forwardRef } from 'react';
import { CONTACT_SUCCESS_MESSAGE } from '@cardlift/contracts';
import { contactCopy } from './contact-copy';

/**
 * What stays at the top of the form once a lead is stored (the notification goes after a few seconds). It
 * takes focus after a submit, so keyboard and screen-reader users are told where they are; after a
 * post without script it is in the page the api sends back.
 */
export const ContactConfirmation = forwardRef<HTMLDivElement>(function ContactConfirmation(_props, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex gap-3 rounded-button border border-line p-4 outline-none focus-visible:outline-2 focus-visible:outline-primary md:col-span-2"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div>
        <h3 className="font-semibold text-ink">{contactCopy.successTitle}</h3>
        <p className="mt-1 text-sm text-ink">{CONTACT_SUCCESS_MESSAGE}</p>
      </div>
    </div>
  );
});
