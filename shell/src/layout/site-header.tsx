import { useAtomValue } from 'jotai';
import { MAIN_CONTENT_ID } from '@cardlift/contracts';
import { Link } from '@cardlift/shell/router';
import { cn, pageFrameAtom, SmartLink, TalkToSalesButton } from '@cardlift/shell/ui';
import { signInLink } from '../config/navigation';
import { BANNER_HEIGHT_PX, useBannerVisible } from './announcement-bar';
import { BrandLogo } from './brand-logo';
import { DesktopNav } from './desktop-nav';
import { useHeaderInverted } from './header-inversion';
import { MobileMenu, SITE_MENU_ID } from './mobile-menu';

export const HEADER_HEIGHT_PX = 66;

/**
 * The sticky 66px header. It sits below the announcement bar when one shows, and
 * turns black near the dark contact and footer sections, or always when a page forces it.
 */
export function SiteHeader() {
  const frame = useAtomValue(pageFrameAtom);
  const bannerVisible = useBannerVisible();
  const top = bannerVisible ? BANNER_HEIGHT_PX : 0;
  const inverted = useHeaderInverted(frame.invertedHeader, top + HEADER_HEIGHT_PX);
  return (
    <header
      data-testid="site-header"
      data-inverted={inverted}
      style={{ top }}
      className={cn(
        'sticky z-40 h-[66px] border-b transition-colors duration-300',
        inverted ? 'border-white/15 bg-black text-white' : 'border-line bg-white text-ink',
      )}
    >
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-6">
        <Link
          to="/"
          className={cn(
            'rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4',
            inverted ? 'focus-visible:outline-white' : 'focus-visible:outline-primary',
          )}
        >
          <BrandLogo title="Cardlift home" />
        </Link>
        <nav id={SITE_MENU_ID} aria-label="Main" className="hidden lg:block">
          {/* Shown only when the sheet of a phone without script is open (no-script-menus.css). */}
          <a href={`#${MAIN_CONTENT_ID}`} className="hidden">
            Close menu
          </a>
          <DesktopNav inverted={inverted} className="flex" />
        </nav>
        <div className="flex items-center gap-2">
          <SmartLink
            href={signInLink.href}
            className={cn(
              'hidden h-10 items-center rounded-button px-3 text-sm font-medium sm:inline-flex focus-visible:outline-2 focus-visible:outline-offset-2',
              inverted ? 'hover:bg-white/10 focus-visible:outline-white' : 'hover:bg-black/5 focus-visible:outline-primary',
            )}
          >
            {signInLink.label}
          </SmartLink>
          {/* On phones too (the form is the site's reason to be), from the width where it fits beside the
              logo and the menu button. A wrapper hides it: `hidden` on the link would lose to its own `inline-flex`. */}
          <span className="hidden min-[360px]:contents">
            <TalkToSalesButton size="sm" variant={inverted ? 'inverted' : 'primary'} />
          </span>
          <MobileMenu inverted={inverted} className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}
