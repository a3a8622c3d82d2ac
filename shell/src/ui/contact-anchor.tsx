import type { AnchorHTMLAttributes } from 'react';
import { CONTACT_SECTION_ID } from '@cardlift/contracts';
import { buttonVariants, type ButtonVariantProps } from './button';
import { cn } from './cn';
import { pageFrameAtom, siteStore } from './site-store';

/** Stable anchor of the shell's contact form section; remotes scroll to it, never render the form. */
export { CONTACT_SECTION_ID } from '@cardlift/contracts';

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fired when someone asks for the contact form, so the page frame loads it if it has not yet. */
export const CONTACT_REQUESTED_EVENT = 'cardlift:contact-requested';

const FIELD = 'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

/** Focuses the form's first field, waiting (briefly) for the form to arrive if it is still loading. */
function focusFirstField(section: HTMLElement): void {
  const field = section.querySelector<HTMLElement>(FIELD);
  if (field) {
    field.focus({ preventScroll: true });
    return;
  }
  section.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const arrived = section.querySelector<HTMLElement>(FIELD);
    if (!arrived) return;
    observer.disconnect();
    if (document.activeElement === section) arrived.focus({ preventScroll: true });
  });
  observer.observe(section, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 5000);
}

/** The frame's section (a <section>: page content may carry a heading with the same id). */
const findSection = () => document.querySelector<HTMLElement>(`section[id="${CONTACT_SECTION_ID}"]`);

/** How long to wait for a contact section that was just asked for to be rendered. */
const REVEAL_TIMEOUT_MS = 2000;

function goToSection(section: HTMLElement): void {
  window.dispatchEvent(new Event(CONTACT_REQUESTED_EVENT));
  section.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  focusFirstField(section);
}

/**
 * Scrolls to the contact form and moves focus into it, so keyboard and screen-reader users land there
 * too. A page whose frame leaves the section out (/invest) still has Talk to Sales in its header and
 * menu: the section is added to that page then, rather than the button doing nothing.
 */
export function scrollToContact(): void {
  const section = findSection();
  if (section) {
    goToSection(section);
    return;
  }
  siteStore.set(pageFrameAtom, (frame) => ({ ...frame, contactForm: true }));
  const deadline = performance.now() + REVEAL_TIMEOUT_MS;
  const waitForSection = () => {
    const revealed = findSection();
    if (revealed) goToSection(revealed);
    else if (performance.now() < deadline) requestAnimationFrame(waitForSection);
  };
  requestAnimationFrame(waitForSection);
}

type TalkToSalesProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & ButtonVariantProps;

/**
 * The site's Talk to Sales call to action: a link to the contact section, so it works before the
 * page's script runs and without it (the browser jumps to `#contact`). The script turns the jump into
 * scrollToContact (smooth scroll, focus in the form, the form's code asked for). A press with a
 * modifier key is left to the browser (a new tab at the section).
 */
export function TalkToSalesButton({ children = 'Talk to Sales', onClick, className, variant, size, ...props }: TalkToSalesProps) {
  return (
    <a
      {...props}
      href={`#${CONTACT_SECTION_ID}`}
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        scrollToContact();
      }}
    >
      {children}
    </a>
  );
}
