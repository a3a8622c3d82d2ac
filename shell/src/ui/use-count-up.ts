import { useLayoutEffect, useRef, useState } from 'react';
import { useHydrating } from './use-hydrating';
import { COUNT_UP_DURATION_MS, COUNT_UP_VISIBILITY_THRESHOLD, figureAt } from './count-up';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Whether any part of the element is inside the viewport now. */
function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/**
 * A figure that counts up from 0 once the element is at least half visible.
 *
 * The final figure is what the server renders, and so what crawlers, link previews, visitors without
 * JavaScript and everyone before hydration read. Only once the script runs does a figure that nobody
 * has seen yet (below the fold, or a page opened by client-side navigation) drop to 0 before the
 * paint, to count up when it comes into view. A figure already on screen at hydration stays as it
 * is: counting it up would first flash the final value, then zero. With reduced motion, or without
 * IntersectionObserver, the final figure simply stays.
 */
export function useCountUp<T extends Element>(figure: string, duration = COUNT_UP_DURATION_MS) {
  const ref = useRef<T>(null);
  const [text, setText] = useState(figure);
  // A tile hydrated from the server's HTML was on show before the script ran.
  const [shownBeforeScript] = useState(useHydrating());
  useLayoutEffect(() => {
    const element = ref.current;
    setText(figure);
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    if (shownBeforeScript && inViewport(element)) return;
    setText(figureAt(figure, 0, duration));
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        // Chrome's first report can say "intersecting" below the threshold: check the ratio too.
        const halfVisible = entries.some((e) => e.isIntersecting && e.intersectionRatio >= COUNT_UP_VISIBILITY_THRESHOLD);
        if (!halfVisible) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const elapsed = now - start;
          setText(figureAt(figure, elapsed, duration));
          if (elapsed < duration) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: COUNT_UP_VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [figure, duration, shownBeforeScript]);
  return { ref, text };
}
