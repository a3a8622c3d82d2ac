import { Button, type ButtonProps } from './button';

/** Stable anchor of the shell's contact form section; remotes scroll to it, never render the form. */
export const CONTACT_SECTION_ID = 'contact';

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

/** Scrolls to the contact form and moves focus into it, so keyboard and screen-reader users land there too. */
export function scrollToContact(): void {
  const section = document.getElementById(CONTACT_SECTION_ID);
  if (!section) return;
  window.dispatchEvent(new Event(CONTACT_REQUESTED_EVENT));
  section.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  focusFirstField(section);
}

/** The site's Talk to Sales call to action. */
export function TalkToSalesButton({ children = 'Talk to Sales', onClick, ...props }: ButtonProps) {
  return (
    <Button
      {...props}
      onClick={(event) => {
        onClick?.(event);
        scrollToContact();
      }}
    >
      {children}
    </Button>
  );
}
