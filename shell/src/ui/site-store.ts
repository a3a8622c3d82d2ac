/**
 * Page-frame state that pages may set (jotai atoms in the site's one store): whether the header is
 * forced into its inverted look and whether the frame shows the contact form section.
 */
import { atom, createStore, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { DEFAULT_PAGE_FRAME, type PageFrame } from '@cardlift/contracts';

export const siteStore = createStore();

export type PageFrameOptions = PageFrame;
export const DEFAULT_FRAME: PageFrameOptions = DEFAULT_PAGE_FRAME;
export const pageFrameAtom = atom<PageFrameOptions>(DEFAULT_FRAME);

/** The frame a page asks for, on top of the default. */
export function frameFor(options: Partial<PageFrameOptions> | undefined): PageFrameOptions {
  return { ...DEFAULT_FRAME, ...options };
}

/** A page calls this to change the frame while it is shown; the default comes back when it unmounts. */
export function usePageFrame(options: Partial<PageFrameOptions> | undefined): void {
  const setFrame = useSetAtom(pageFrameAtom);
  const { invertedHeader, contactForm } = options ?? {};
  useEffect(() => {
    setFrame(
      frameFor({ ...(invertedHeader === undefined ? {} : { invertedHeader }), ...(contactForm === undefined ? {} : { contactForm }) }),
    );
    return () => setFrame(DEFAULT_FRAME);
  }, [setFrame, invertedHeader, contactForm]);
}
