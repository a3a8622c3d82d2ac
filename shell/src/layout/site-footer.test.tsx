import { screen, within } from '@testing-library/react';
import { siteConfig } from '@cardlift/contracts';
import { testNavigation } from '../../test/navigation-fixture';
import { renderWithProviders } from '../../test/render-with-providers';
import { SiteFooter } from './site-footer';

const hrefs = (name: string) =>
  within(screen.getByRole('navigation', { name: `${name} links` }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('SiteFooter', () => {
  it("lists the sections' footer links in their order, with the sister site and social link in new tabs", () => {
    renderWithProviders(<SiteFooter />, { navigation: testNavigation });
    // Merchants asks to stay out of the footer; Privacy Policy is listed in the footer only.
    expect(hrefs('Products')).toEqual(['/products/offers-network', '/products/offers-api', siteConfig.sisterSite.href]);
    expect(hrefs('Solutions')).toEqual(['/solutions/retail', '/solutions/agencies']);
    expect(hrefs('Resources')).toEqual(['/case-studies', '/blog', '/privacy']);
    expect(hrefs('Company')).toEqual(['/company/about-us', '/company/careers']);
    expect(screen.getByRole('link', { name: new RegExp(siteConfig.sisterSite.label) })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: new RegExp(siteConfig.social.label) })).toHaveAttribute('target', '_blank');
  });

  it('prints the current year and the company name', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} ${siteConfig.legalName}`)).toBeInTheDocument();
  });
});
