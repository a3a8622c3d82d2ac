import { Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@cardlift/shell/router';
import { useHydrating } from './use-hydrating';

/** Opens once; what waits on it (a suspended render) resumes then. */
interface Gate {
  open: boolean;
  opened: Promise<void>;
  release: () => void;
}

function createGate(): Gate {
  const gate = { open: false } as Gate;
  gate.opened = new Promise<void>((resolve) => {
    gate.release = () => {
      gate.open = true;
      resolve();
    };
  });
  return gate;
}

function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  // Suspending while hydrating leaves the server's HTML in place, untouched, until the gate opens.
  if (gate && !gate.open) use(gate.opened);
  return children;
}

interface HydrateWhenVisibleProps {
  children: ReactNode;
  className?: string;
  /** How far outside the viewport the content starts hydrating (CSS margin syntax). */
  rootMargin?: string;
  /** A window event that asks for the content at once, wherever it is (Talk to Sales asks for the form). */
  wakeEvent?: string;
}

/**
 * Below-the-fold content that hydrates, and loads any lazy code inside it, only when it comes near
 * the viewport (or is focused or pressed): until then the server's HTML stays as it is, visible and
 * readable, and costs the page's start nothing. Rendered at once on the server and when a client-side
 * navigation mounts it, where there is no server HTML to keep. Adds one wrapping `div`.
 */
export function HydrateWhenVisible({ children, className, rootMargin = '200px', wakeEvent }: HydrateWhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = useHydrating();
  const [gate] = useState(() =>
    hydrating && typeof document !== 'undefined' && typeof IntersectionObserver !== 'undefined' ? createGate() : null,
  );
  // An update reaching the waiting content (new children, or a navigation: its links follow the
  // location) hydrates it at once. Left waiting, it would hold the navigation until it came into view.
  const { pathname } = useLocation();
  const [server] = useState({ children, pathname });
  if (gate && !gate.open && (children !== server.children || pathname !== server.pathname)) gate.release();
  useEffect(() => {
    const element = ref.current;
    if (!gate || gate.open || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), { rootMargin });
    const stop = () => {
      observer.disconnect();
      element.removeEventListener('focusin', open);
      element.removeEventListener('pointerdown', open);
      if (wakeEvent) window.removeEventListener(wakeEvent, open);
    };
    function open() {
      stop();
      gate?.release();
    }
    observer.observe(element);
    element.addEventListener('focusin', open);
    element.addEventListener('pointerdown', open);
    if (wakeEvent) window.addEventListener(wakeEvent, open);
    return stop;
  }, [gate, rootMargin, wakeEvent]);
  // The same element on every render: once hydrated, React renders this component again (the
  // client snapshot above differs from the server's), and a new element would count as an update to
  // the boundary still waiting, which React answers by dropping the server's HTML for the fallback.
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    ),
    [gate, children],
  );
  return (
    <div ref={ref} className={className}>
      {content}
    </div>
  );
}
