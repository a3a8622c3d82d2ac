import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from '@cardlift/shell/router';
import { isInternalLink } from '@cardlift/contracts';

export type SmartLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A link starting with `/` navigates inside the site; any other link opens in a new tab. */
export const SmartLink = forwardRef<HTMLAnchorElement, SmartLinkProps>(function SmartLink({ href, children, ...props }, ref) {
  if (isInternalLink(href)) {
    return (
      <Link ref={ref} to={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a ref={ref} href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
});
