import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from './cn';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './tooltip';

/**
 * Radix Tooltip behind `Tooltip` (tooltip.tsx), loaded with the first tooltip a page renders. Each
 * tooltip carries its own provider: one at the root would put Radix's code on every page.
 */
export default function RadixTooltip({ content, children, side = 'top', className }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn('z-[100] max-w-xs rounded-button bg-black px-3 py-1.5 text-xs text-white shadow-md', className)}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-black" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
