import { lazy, Suspense, useRef, useState } from 'react';
import { cn } from '@cardlift/shell/ui';
import { InlineIcon } from '../ui/inline-icon';
import { usePageState } from './use-page-state';

const loadDialog = () => import('./mobile-menu-dialog');

/** The header's navigation, which a phone without script opens as a sheet (no-script-menus.css). */
export const SITE_MENU_ID = 'site-menu';
const MobileMenuDialog = lazy(loadDialog);

/**
 * The small-screen menu button. The dialog behind it (Radix Dialog, accordion) is not part of the
 * first download: its code is fetched when the pointer or focus reaches the button, and shown on click.
 * Without script the button is replaced by a link opening the header's own navigation as a sheet.
 */
export function MobileMenu({ inverted, className }: { inverted: boolean; className?: string }) {
  // A navigation closes the menu.
  const [open, setOpen] = usePageState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // No display utility here: each control sets its own, since `hidden` beside `inline-flex` loses
  // (both set display, and Tailwind orders them itself, not by their place in the class list).
  const look = cn(
    'size-10 items-center justify-center rounded-button focus-visible:outline-2 focus-visible:outline-offset-2',
    inverted ? 'hover:bg-white/10 focus-visible:outline-white' : 'hover:bg-black/5 focus-visible:outline-primary',
  );
  return (
    <span className={className}>
      <a href={`#${SITE_MENU_ID}`} className={cn(look, 'hidden w-auto px-2 font-medium noscript:inline-flex')}>
        Menu
      </a>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className={cn(look, 'inline-flex noscript:hidden')}
      >
        <InlineIcon name="menu" className="size-6" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </span>
  );
}
