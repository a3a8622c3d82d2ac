import { Button, type ButtonProps } from './button';

/** Stable anchor of the shell's contact form section; remotes scroll to it, never render the form. */
export const CONTACT_SECTION_ID = 'contact';

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to the contact form and moves focus into it, so keyboard and screen-reader users land there too. */
export function scrollToContact(): void {
  const section = document.getElementById(CONTACT_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const firstField = section.querySelector<HTMLElement>('input, select, textarea, button');
  (firstField ?? section).focus({ preventScroll: true });
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
