/**
 * The editor's few paths, read from the address bar (one page serves them all): history.pushState
 * for links inside the editor, popstate for Back and Forward. While a screen has unsaved changes
 * (useLeaveGuard), leaving it asks first: a link, Back, signing out (LeaveDialog) and closing the tab
 * or reloading (the browser's own beforeunload question).
 */
import { useEffect, useRef, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { CONTENT_KINDS, EDITOR_PATH, type ContentKind } from '@cardlift/contracts';
import { Dialog } from './ui/dialog';

export type EditorRoute =
  | { screen: 'home' }
  | { screen: 'set-password' }
  | { screen: 'forgot-password' }
  | { screen: 'unlock' }
  | { screen: 'item'; kind: ContentKind; id: string | null }
  | { screen: 'experiments' }
  | { screen: 'not-found' };

/** Screens anyone may open, signed in or not (the links people are mailed or handed). */
export const PUBLIC_SCREENS = ['set-password', 'forgot-password', 'unlock'] as const;

export function routeOf(pathname: string): EditorRoute {
  const rest = pathname.replace(/\/+$/, '').slice(EDITOR_PATH.length);
  if (rest === '') return { screen: 'home' };
  const open = PUBLIC_SCREENS.find((screen) => rest === `/${screen}`);
  if (open) return { screen: open };
  if (rest === '/experiments') return { screen: 'experiments' };
  const match = /^\/([a-z]+)\/([^/]+)$/.exec(rest);
  const kind = CONTENT_KINDS.find((k) => k === match?.[1]);
  if (match && kind) return { screen: 'item', kind, id: match[2] === 'new' ? null : decodeURIComponent(match[2]!) };
  return { screen: 'not-found' };
}

export const itemHref = (kind: ContentKind, id: string | null) => `${EDITOR_PATH}/${kind}/${id === null ? 'new' : encodeURIComponent(id)}`;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the screen shown has unsaved changes (set by useLeaveGuard). */
let unsaved: (() => boolean) | null = null;
/** A departure waiting for the person's answer, and what LeaveDialog draws. */
let pendingLeave: (() => void) | null = null;
const leaveListeners = new Set<() => void>();
const setPending = (next: (() => void) | null) => {
  pendingLeave = next;
  leaveListeners.forEach((listener) => listener());
};
/** The address the screen shown belongs to: where Back is undone to while the question is open. */
let shownHref = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search + window.location.hash;
let passBack = false;

/** Runs `go` now, or once the person agrees to leave unsaved changes behind. */
export function leaveThen(go: () => void): void {
  if (unsaved?.()) setPending(go);
  else go();
}

function show(href: string, replace: boolean): void {
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  shownHref = href;
  notify();
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) return show(href, true);
  leaveThen(() => show(href, false));
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    const href = window.location.pathname + window.location.search + window.location.hash;
    if (!passBack && unsaved?.()) {
      // Back or Forward already moved the address: put the screen's back while the question is open.
      const wanted = href;
      window.history.pushState(null, '', shownHref);
      setPending(() => {
        passBack = true;
        window.history.replaceState(null, '', wanted);
        passBack = false;
        shownHref = wanted;
        notify();
      });
      return;
    }
    shownHref = href;
    notify();
  });
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** While `dirty`, leaving the screen asks first, and the browser asks before closing or reloading the tab. */
export function useLeaveGuard(dirty: boolean): void {
  const current = useRef(dirty);
  current.current = dirty;
  useEffect(() => {
    const check = () => current.current;
    unsaved = check;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!current.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      if (unsaved === check) unsaved = null;
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);
}

/** The question "leave without saving?", drawn by the app over whatever screen is shown. */
export function LeaveDialog() {
  const pending = useSyncExternalStore(
    (listener) => {
      leaveListeners.add(listener);
      return () => leaveListeners.delete(listener);
    },
    () => pendingLeave,
  );
  if (!pending) return null;
  return (
    <Dialog
      title="Leave without saving?"
      confirm="Leave without saving"
      cancel="Stay on this page"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        unsaved = null;
        pending();
      }}
    >
      <p>This item has changes you have not saved. They stay in this browser, and are offered back when you open the item again.</p>
    </Dialog>
  );
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
