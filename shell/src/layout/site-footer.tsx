import { Link } from '@cardlift/shell/router';
import { siteConfig } from '@cardlift/contracts';
import { SmartLink } from '@cardlift/shell/ui';
import { useFooterColumns } from '../config/navigation';
import { BrandLogo } from './brand-logo';
import { FOOTER_ID } from './header-inversion';
import { SocialIcon } from './social-icon';

const linkClass =
  'rounded-sm text-sm text-neutral-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** Site footer: brand column and four link columns, five columns from md up. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const columns = useFooterColumns();
  return (
    <footer id={FOOTER_ID} data-testid="site-footer" className="min-h-[600px] bg-black pt-32 pb-16 text-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-6 md:grid-cols-5 md:px-8">
        <div className="flex flex-col gap-6">
          <Link to="/" className="w-fit rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white">
            <BrandLogo title={`${siteConfig.brandName} home`} />
          </Link>
          <p className="text-sm text-neutral-300">
            © {year} {siteConfig.legalName}
          </p>
          <SmartLink
            href={siteConfig.social.href}
            className="inline-flex w-fit items-center gap-2 rounded-sm text-sm text-neutral-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <SocialIcon />
            <span>{siteConfig.social.label}</span>
          </SmartLink>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={`${column.title} links`}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-4 grid gap-3">
              {column.links.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href} className={linkClass}>
                    {link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}
