import { useEffect, useRef, useState } from 'react';
import { COUNT_UP_DURATION_MS, COUNT_UP_VISIBILITY_THRESHOLD, figureAt } from './count-up';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Animates `figure` from 0 once the element is at least half visible. With reduced motion, or
 * without IntersectionObserver, the final figure shows at once.
 */
export function useCountUp<T extends Element>(figure: string, duration = COUNT_UP_DURATION_MS) {
  const ref = useRef<T>(null);
  const [text, setText] = useState(() => figureAt(figure, 0, duration));
  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      setText(figure);
      return;
    }
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
  }, [figure, duration]);
  return { ref, text };
}
