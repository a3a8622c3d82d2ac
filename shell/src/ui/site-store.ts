/**
 * Page-frame state that pages may set (jotai atoms in the site's one store): whether the header is
 * forced into its inverted look and whether the frame shows the contact form section.
 */
import { atom, createStore, useSetAtom } from 'jotai';
import { useEffect } from 'react';

export const siteStore = createStore();

export interface PageFrameOptions {
  /** Force the black header regardless of scroll (dark pages). */
  invertedHeader: boolean;
  /** Show the Talk to Sales section before the footer. */
  contactForm: boolean;
}

export const DEFAULT_FRAME: PageFrameOptions = { invertedHeader: false, contactForm: true };
export const pageFrameAtom = atom<PageFrameOptions>(DEFAULT_FRAME);

/** A page calls this to change the frame while it is shown; the default comes back when it unmounts. */
export function usePageFrame(options: Partial<PageFrameOptions>): void {
  const setFrame = useSetAtom(pageFrameAtom);
  const { invertedHeader, contactForm } = options;
  useEffect(() => {
    setFrame({ ...DEFAULT_FRAME, ...(invertedHeader === undefined ? {} : { invertedHeader }), ...(contactForm === undefined ? {} : { contactForm }) });
    return () => setFrame(DEFAULT_FRAME);
  }, [setFrame, invertedHeader, contactForm]);
}
