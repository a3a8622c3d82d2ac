import { useEffect } from 'react';

/** Attribute on <html> once the page's own content has hydrated (or rendered) and answers input. */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * Rendered at the end of each page's content (inside the Suspense boundary that hydrates last), it
 * marks the document interactive. The server's HTML shows the page before its code arrives; this is
 * how a script or a browser test knows the menus and forms now respond.
 */
export function MarkInteractive() {
  useEffect(() => {
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
  }, []);
  return null;
}
