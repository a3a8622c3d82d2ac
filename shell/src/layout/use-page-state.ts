import { useState } from 'react';
import { useLocation } from '@cardlift/shell/router';

/**
 * State that lasts until the next navigation (an open menu): `initial` again on every new page.
 * Reset while rendering, when the path differs from the one it was last rendered for, rather than by
 * an effect on the path: an effect also runs once when the part mounts, and after hydration that can
 * come after the visitor's first press. A press landing between hydration's commit and its effects
 * was undone by the effect (the menu opened and closed in the same frame).
 */
export function usePageState<T>(initial: T): [T, (value: T) => void] {
  const { pathname } = useLocation();
  const [value, setValue] = useState(initial);
  const [renderedFor, setRenderedFor] = useState(pathname);
  if (renderedFor !== pathname) {
    setRenderedFor(pathname);
    setValue(initial);
    return [initial, setValue];
  }
  return [value, setValue];
}
