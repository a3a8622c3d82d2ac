import { SmartLink } from '@cardlift/shell/ui';
import type { Banners } from '@cardlift/contracts';

/** The home hero's optional announcement (the banner's `secondary` entry); the slot keeps its height so the hero never jumps. */
export function AnnouncementPill({ banner }: { banner: Banners['secondary'] | undefined }) {
  return (
    <div className="mk:mb-8 mk:flex mk:min-h-9 mk:justify-center">
      {banner && (
        <SmartLink
          href={banner.link}
          className="mk:inline-flex mk:items-center mk:gap-2 mk:rounded-full mk:border mk:border-line mk:bg-white mk:px-4 mk:py-1.5 mk:text-sm mk:font-medium mk:text-ink mk:shadow-sm mk:hover:border-primary mk:focus-visible:outline-2 mk:focus-visible:outline-offset-2 mk:focus-visible:outline-primary"
        >
          <span className="mk:rounded-full mk:bg-primary mk:px-2 mk:py-0.5 mk:text-xs mk:text-white">New</span>
          {banner.text}
          <span aria-hidden="true">→</span>
        </SmartLink>
      )}
    </div>
  );
}
