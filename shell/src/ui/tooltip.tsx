import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';

/** Tooltips open after 700 ms of hover; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button or link); it keeps its own accessible name. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

const RadixTooltip = lazy(() => import(/* webpackChunkName: "tooltip" */ './tooltip-radix'));

/**
 * A short hint on hover and keyboard focus (Radix Tooltip); never the only place information lives.
 * Radix's code (with its positioning engine, about 13 KB compressed) loads with the first tooltip a
 * page renders rather than with every page; until then the trigger is there, working, without its hint.
 */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <RadixTooltip {...props} />
    </Suspense>
  );
}
