import { useAtomValue } from 'jotai';
import { CONTACT_SECTION_ID, cn } from '@cardlift/shell/ui';
import { InlineIcon } from '../ui/inline-icon';
import { BANNER_HEIGHT_PX, useBannerVisible } from '../layout/announcement-bar';
import { HEADER_HEIGHT_PX } from '../layout/site-header';
import { contactCopy } from './contact-copy';
import { contactFormStateAtom } from './contact-form-state';
import { DeferredContactForm } from './deferred-contact-form';

/**
 * The contact section the page frame puts before the footer (`#contact`): remotes only scroll to it
 * (scrollToContact / TalkToSalesButton). Dark like the footer, which is why the header inverts near it.
 */
export function ContactSection({ className }: { className?: string }) {
  const state = useAtomValue(contactFormStateAtom);
  // `#contact` and Talk to Sales land the section just below the sticky header (and the bar above it).
  const scrollMarginTop = HEADER_HEIGHT_PX + (useBannerVisible() ? BANNER_HEIGHT_PX : 0);
  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-title"
      tabIndex={-1}
      style={{ scrollMarginTop }}
      className={cn('bg-black py-24 text-white outline-none', className)}
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-6 md:px-8 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id="contact-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
            {contactCopy.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-neutral-300">{contactCopy.intro}</p>
          <ul className="mt-8 grid gap-3">
            {contactCopy.points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-neutral-200">
                <InlineIcon name="check" className="size-5 text-white" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative rounded-lg bg-white p-6 text-ink md:p-8">
          <DeferredContactForm state={state} />
        </div>
      </div>
    </section>
  );
}
