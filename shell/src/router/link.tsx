/**
 * The site's `<Link>`: React Router's own, minus what only its framework mode uses. React Router 7's
 * `Link` always carries prefetching of route modules (`prefetch`, `PrefetchPageLinks`) and lazy route
 * discovery (`data-discover`), which need its framework's manifest: this site has neither, yet they
 * shipped to every page. Navigation itself is the router's (`useHref`, `useLinkClickHandler`), so a
 * click, a modified click (new tab) and `target` behave exactly as before.
 */
import type { MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type LinkProps as RouterLinkProps } from 'react-router';

/** React Router's props without the framework-mode ones (they would do nothing here). */
export type LinkProps = Omit<RouterLinkProps, 'prefetch' | 'discover' | 'mask' | 'defaultShouldRevalidate'> & {
  ref?: Ref<HTMLAnchorElement>;
};

/** `scheme:` or `//host`: a link leaving the site, which the router must not handle. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function Link({
  onClick,
  relative,
  reloadDocument,
  replace,
  state,
  target,
  to,
  preventScrollReset,
  viewTransition,
  ref,
  ...rest
}: LinkProps) {
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, preventScrollReset, relative, viewTransition });
  const inSite = !external && !reloadDocument;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  // The content comes in `rest.children`, which the rule cannot see.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} ref={ref} href={external ? (to as string) : href} target={target} onClick={inSite ? handleClick : onClick} />;
}
