import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion';

type ScrollLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { sectionId: string };

/**
 * An in-page link to a section by id. Scrolls (smoothly unless reduced motion is asked for) and moves
 * focus to the section, so keyboard and screen-reader users continue from there.
 */
export function ScrollLink({ sectionId, onClick, children, ...props }: ScrollLinkProps) {
  const reducedMotion = usePrefersReducedMotion();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const section = document.getElementById(sectionId);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };
  return (
    <a href={`#${sectionId}`} onClick={handleClick} {...props}>
      {children}
    </a>
  );
}
