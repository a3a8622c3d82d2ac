import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { cn, SmartLink } from '@cardlift/shell/ui';
import { InlineIcon } from '../ui/inline-icon';
import { useHeaderGroups, type NavGroup } from '../config/navigation';
import { usePageState } from './use-page-state';

/**
 * Desktop menus as a WAI-ARIA disclosure navigation: each group is a button with aria-expanded that
 * shows or hides its panel of links. Escape closes the open panel and returns focus to its button;
 * a click outside, focus leaving the menus or a navigation closes it too. Written by hand rather than
 * with Radix NavigationMenu, whose hover-opening and arrow-key roving go beyond this pattern.
 * Without script a group opens on hover and focus, and on a phone the whole list opens as a sheet
 * (no-script-menus.css), so every page stays reachable.
 */
export function DesktopNav({ inverted, className }: { inverted: boolean; className?: string }) {
  // A navigation closes the open panel.
  const [openId, setOpenId] = usePageState<NavGroup['id'] | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  const baseId = useId();
  const groups = useHeaderGroups();

  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId, setOpenId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !openId) return;
    event.stopPropagation();
    triggers.current.get(openId)?.focus();
    setOpenId(null);
  };

  return (
    // Escape and focus leaving arrive here from the buttons and links inside; the list takes no focus itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <ul
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpenId(null);
      }}
      className={cn('relative items-center gap-1', className)}
    >
      {groups.map((group) => {
        const open = openId === group.id;
        const panelId = `${baseId}-${group.id}`;
        return (
          <li key={group.id} data-nav-group="">
            <button
              ref={(element) => {
                if (element) triggers.current.set(group.id, element);
                else triggers.current.delete(group.id);
              }}
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpenId(open ? null : group.id)}
              className={cn(
                'inline-flex h-10 items-center gap-1 rounded-button px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
                inverted ? 'hover:bg-white/10 focus-visible:outline-white' : 'hover:bg-black/5 focus-visible:outline-primary',
              )}
            >
              {group.label}
              <InlineIcon name="chevron-down" className={cn('size-4 transition-transform', open && 'rotate-180')} />
            </button>
            {/* Hidden by a class, not the hidden attribute: without script the stylesheet opens it (no-script-menus.css). */}
            <div
              id={panelId}
              style={{ width: group.width }}
              data-menu={group.id}
              className={cn(
                'absolute top-full left-1/2 z-50 mt-3 max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-lg border border-line bg-white p-4 text-ink shadow-xl',
                !open && 'hidden',
              )}
            >
              <ul className={cn('grid gap-1', group.columns === 2 && 'grid-cols-2')}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <SmartLink
                      href={link.href}
                      onClick={() => setOpenId(null)}
                      className="block rounded-md p-3 hover:bg-page focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <span className="block text-sm font-semibold">{link.label}</span>
                      {link.description && <span className="mt-1 block text-sm text-muted">{link.description}</span>}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
