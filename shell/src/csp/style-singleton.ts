/**
 * Stands in for `react-style-singleton` in every browser build (aliased in shell/build/rspack-base.ts),
 * with the same three exports. The original writes its rules into a new `<style>` element, which the
 * site's Content-Security-Policy refuses (no 'unsafe-inline' for style elements): opening the help
 * select logged two violations and, its rules dropped, left the page behind scrollable. This one puts
 * the same rules in a constructed stylesheet adopted by the document, which a policy does not govern.
 * react-remove-scroll (Radix Select and Dialog) uses it to lock the page and keep its scrollbar's gap.
 */
import { useEffect } from 'react';

interface StyleSheetSingleton {
  add(style: string): void;
  remove(): void;
}

const canAdopt = () => typeof document !== 'undefined' && 'adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function';

/** One sheet shared by its users: added with the first, removed with the last. */
export function stylesheetSingleton(): StyleSheetSingleton {
  let users = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style) {
      if (users === 0 && canAdopt()) {
        const created = new CSSStyleSheet();
        created.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
        sheet = created;
      }
      users += 1;
    },
    remove() {
      users -= 1;
      if (users === 0 && sheet) {
        const adopted = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== adopted);
        sheet = null;
      }
    },
  };
}

/** A hook adding `styles` while the calling component is mounted (changes apply when `isDynamic`). */
export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles, isDynamic) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // The original's dependency, kept: styles are applied once unless they are declared dynamic.
      // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    }, [styles && isDynamic]);
  };
}

/** The component form of the hook. */
export function styleSingleton(): (props: { styles: string; dynamic?: boolean }) => null {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
