/**
 * When the header turns black: once the contact-form section or the footer comes
 * within 200px of the header's bottom edge, so the white bar never sits on top of the dark sections.
 */
import { useEffect, useState } from 'react';
import { CONTACT_SECTION_ID } from '@cardlift/shell/ui';

export const INVERSION_THRESHOLD_PX = 200;

/**
 * @param targetTops viewport `top` of each watched section (contact form, footer); null when absent.
 * @param headerBottom viewport position of the header's bottom edge (66, or 102 under a banner).
 */
export function shouldInvertHeader(
  targetTops: readonly (number | null)[],
  headerBottom: number,
  threshold = INVERSION_THRESHOLD_PX,
): boolean {
  return targetTops.some((top) => top !== null && top - headerBottom <= threshold);
}

export const FOOTER_ID = 'site-footer';

function topOf(id: string): number | null {
  const element = document.getElementById(id);
  return element ? element.getBoundingClientRect().top : null;
}

/** Scroll-driven inversion; `forced` (usePageFrame({ invertedHeader: true })) wins. */
export function useHeaderInverted(forced: boolean, headerBottom: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (forced) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setNear(shouldInvertHeader([topOf(CONTACT_SECTION_ID), topOf(FOOTER_ID)], headerBottom));
    };
    // One measurement per frame however many scroll events arrive.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Page content arrives after mount (remotes, data): re-measure when the document grows.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [forced, headerBottom]);
  return forced || near;
}
