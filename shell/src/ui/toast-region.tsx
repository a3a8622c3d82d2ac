import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { CheckCircle2, CircleAlert, Info, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from './cn';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToast, type ToastVariant } from './toast-store';

const toastVariants = cva(
  'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 data-[swipe=cancel]:transition-transform motion-safe:transition-opacity',
  {
    variants: {
      variant: {
        default: 'border-line bg-white text-ink',
        success: 'border-green-700/30 bg-white text-ink',
        error: 'border-red-700 bg-red-50 text-red-950',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const icons: Record<ToastVariant, typeof Info> = { default: Info, success: CheckCircle2, error: CircleAlert };
const iconColour: Record<ToastVariant, string> = { default: 'text-primary', success: 'text-green-700', error: 'text-red-700' };

/**
 * The page's notification region (Radix Toast): 5000 ms by default, swipe right past 50px to close,
 * F8 moves focus to the region. Loaded by `Toaster` (toast.tsx) on first use; `focus` moves focus to
 * it once mounted, for the F8 press that loaded it (Radix's own F8 listener was not there to see it).
 */
export default function ToastRegion({ focus }: { focus: boolean }) {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus) viewport.current?.focus();
  }, [focus]);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = icons[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            // Errors and confirmations answer something the visitor just did: announce them at once.
            type="foreground"
            {...(duration === undefined ? {} : { duration })}
            data-variant={variant}
            className={toastVariants({ variant })}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconColour[variant])} />
            <div className="grid gap-1">
              {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
              {description && <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description>}
            </div>
            <ToastPrimitive.Close
              aria-label="Close notification"
              className="absolute top-3 right-3 rounded-sm p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        ref={viewport}
        data-testid="toast-viewport"
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:outline-primary"
      />
    </ToastPrimitive.Provider>
  );
}
