import { screen, within } from '@testing-library/react';
import { siteConfig } from '@cardlift/contracts';
import { renderWithProviders } from '../../test/render-with-providers';
import { SiteFooter } from './site-footer';

const hrefs = (name: string) =>
  within(screen.getByRole('navigation', { name: `${name} links` }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('SiteFooter', () => {
  it('lists the routes, with the sister site and social link in new tabs', () => {
    renderWithProviders(<SiteFooter />);
    expect(hrefs('Products')).toEqual([
      '/products/offers-network',
      '/products/card-linked-offers',
      '/products/transactional-data',
      '/products/offers-api',
      siteConfig.sisterSite.href,
    ]);
    expect(hrefs('Solutions')).toEqual([
      '/solutions/retail',
      '/solutions/essentials',
      '/solutions/subscriptions-streaming',
      '/solutions/financial-institutions',
      '/solutions/restaurants-food-delivery',
      '/solutions/travel-ride-share',
      '/solutions/agencies',
    ]);
    expect(hrefs('Resources')).toEqual(['/case-studies', '/blog', '/privacy', '/terms']);
    expect(hrefs('Company')).toEqual(['/company/about-us', '/company/careers']);
    expect(screen.getByRole('link', { name: new RegExp(siteConfig.sisterSite.label) })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: new RegExp(siteConfig.social.label) })).toHaveAttribute('target', '_blank');
  });

  it('prints the current year and the company name', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} ${siteConfig.legalName}`)).toBeInTheDocument();
  });
});
