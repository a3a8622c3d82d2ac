import { useEffect } from 'react';

/**
 * Locks the page's scrolling while `locked`. Radix Dialog already blocks wheel and touch scrolling,
 * but its `overflow: hidden` arrives as an injected <style> element, which the api's
 * Content-Security-Policy (style-src without 'unsafe-inline') refuses; keyboard and scrollbar
 * scrolling would still move the page. Inline styles set through the CSSOM are allowed, so set them
 * here, keeping the scrollbar's width so the page does not shift sideways.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const html = document.documentElement;
    const scrollbar = window.innerWidth - html.clientWidth;
    const previous = { overflow: html.style.overflow, paddingRight: html.style.paddingRight };
    html.style.overflow = 'hidden';
    if (scrollbar > 0) html.style.paddingRight = `${scrollbar}px`;
    return () => {
      html.style.overflow = previous.overflow;
      html.style.paddingRight = previous.paddingRight;
    };
  }, [locked]);
}
