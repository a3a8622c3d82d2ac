import { siteConfig } from '@cardlift/contracts';
import { cn } from '@cardlift/shell/ui';

/**
 * The Cardlift mark and wordmark, inline so the wordmark follows the text colour (black on the white
 * header, white on the inverted one). The same drawing is shipped as /logo.svg for other uses.
 */
export function BrandLogo({ className, title = siteConfig.brandName }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 132 28" role="img" aria-label={title} className={cn('h-7 w-auto', className)}>
      <rect x="0" y="3" width="30" height="22" rx="4" className="fill-primary" />
      <rect x="0" y="8" width="30" height="4" fill="#fff" opacity="0.85" />
      <path d="M20 16.5l4.5 4.5 -4.5 0z" fill="#fff" />
      <text
        x="38"
        y="21"
        fill="currentColor"
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
        fontSize="19"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        {siteConfig.brandName}
      </text>
    </svg>
  );
}
