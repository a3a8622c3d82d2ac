import { CircleCheck } from 'lucide-react';
import { forwardRef } from 'react';
import { CONTACT_SUCCESS_MESSAGE } from '@cardlift/contracts';
import { contactCopy } from './contact-copy';

/**
 * What stays in the section once a lead is stored (the notification goes after a few seconds). It
 * takes focus after a submit, so keyboard and screen-reader users are told where they are; after a
 * post without script it is in the page the api sends back.
 */
export const ContactConfirmation = forwardRef<HTMLDivElement>(function ContactConfirmation(_props, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mb-6 flex gap-3 rounded-button border border-green-700 bg-green-50 p-4 outline-none"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
      <div>
        <h3 className="font-semibold text-ink">{contactCopy.successTitle}</h3>
        <p className="mt-1 text-sm text-ink">{CONTACT_SUCCESS_MESSAGE}</p>
      </div>
    </div>
  );
});
