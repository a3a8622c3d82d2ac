import { useQuery } from '@tanstack/react-query';
import { bannersQuery, cn, SmartLink } from '@cardlift/shell/ui';
import { InlineIcon } from '../ui/inline-icon';

export const BANNER_HEIGHT_PX = 36;

/** Whether the announcement bar takes space: while loading (reserved, so nothing jumps when it arrives) or with a primary banner. */
export function useBannerVisible(): boolean {
  const { data, isPending } = useQuery(bannersQuery());
  return isPending || Boolean(data?.primary);
}

/**
 * The 36px bar above the header. Its height is reserved while the banner loads, so
 * a banner arriving later does not push the page down; a failed or empty answer removes the bar.
 */
export function AnnouncementBar({ className }: { className?: string }) {
  const { data, isPending } = useQuery(bannersQuery());
  const primary = data?.primary;
  if (!isPending && !primary) return null;
  return (
    // A landmark of its own, so that its link is not content outside every landmark.
    <aside
      aria-label="Announcement"
      data-testid="announcement-bar"
      aria-busy={isPending || undefined}
      className={cn('sticky top-0 z-50 flex h-9 items-center justify-center bg-primary px-4 text-sm text-white', className)}
    >
      {primary && (
        <SmartLink
          href={primary.link}
          className="inline-flex min-w-0 items-center gap-2 font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <span className="truncate">{primary.text}</span>
          <InlineIcon name="arrow-right" className="size-4 shrink-0" />
        </SmartLink>
      )}
    </aside>
  );
}
