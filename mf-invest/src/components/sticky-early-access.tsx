import { stickyCta } from '../content/invest-content';
import { useScrolledPastViewport } from '../hooks/use-scrolled-past-viewport';
import { EarlyAccessLink } from './early-access-link';

/** Once the hero's button has scrolled away (one viewport down), early access stays one tap away. */
export function StickyEarlyAccess() {
  const visible = useScrolledPastViewport();
  if (!visible) return null;
  return (
    <div className="iv:fixed iv:right-4 iv:bottom-4 iv:z-40 iv:md:right-8 iv:md:bottom-8" data-testid="sticky-early-access">
      <EarlyAccessLink className="iv:shadow-lg iv:shadow-black/60">{stickyCta}</EarlyAccessLink>
    </div>
  );
}
