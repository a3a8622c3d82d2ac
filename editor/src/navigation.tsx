/**
 * The editor's few paths, read from the address bar (one page serves them all): history.pushState
 * for links inside the editor, popstate for Back and Forward.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { CONTENT_KINDS, EDITOR_PATH, type ContentKind } from '@cardlift/contracts';

export type EditorRoute =
  { screen: 'home' } | { screen: 'set-password' } | { screen: 'item'; kind: ContentKind; id: string | null } | { screen: 'not-found' };

export function routeOf(pathname: string): EditorRoute {
  const rest = pathname.replace(/\/+$/, '').slice(EDITOR_PATH.length);
  if (rest === '') return { screen: 'home' };
  if (rest === '/set-password') return { screen: 'set-password' };
  const match = /^\/([a-z]+)\/([^/]+)$/.exec(rest);
  const kind = CONTENT_KINDS.find((k) => k === match?.[1]);
  if (match && kind) return { screen: 'item', kind, id: match[2] === 'new' ? null : decodeURIComponent(match[2]!) };
  return { screen: 'not-found' };
}

export const itemHref = (kind: ContentKind, id: string | null) => `${EDITOR_PATH}/${kind}/${id === null ? 'new' : encodeURIComponent(id)}`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  for (const listener of listeners) listener();
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** A link inside the editor: a plain click changes the screen without reloading the page. */
export function EditorLink({ href, onClick, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} {...props}>
      {children}
    </a>
  );
}
