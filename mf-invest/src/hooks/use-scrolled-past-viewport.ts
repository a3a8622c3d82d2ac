import { useEffect, useState } from 'react';

/** Whether the page is scrolled more than one viewport height (window.scrollY > window.innerHeight). */
export function useScrolledPastViewport(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > window.innerHeight);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return past;
}
