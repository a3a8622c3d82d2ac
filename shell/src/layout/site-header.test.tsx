import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInUrl } from '@cardlift/contracts';
import { usePageFrame } from '@cardlift/shell/ui';
import { testNavigation } from '../../test/navigation-fixture';
import { json, mockFetch, renderWithProviders } from '../../test/render-with-providers';
import { SiteHeader } from './site-header';

const banner = { primary: { text: 'Offers API is live', link: '/products/offers-api' }, secondary: null };

function ForcedDark() {
  usePageFrame({ invertedHeader: true });
  return <SiteHeader />;
}

// Radix portals and user-event take seconds on a busy 2-core machine.
jest.setTimeout(20_000);

describe('SiteHeader', () => {
  it('links Sign In to the sign-in application in a new tab, and site links in place', async () => {
    mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }) });
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { navigation: testNavigation });
    const signIn = screen.getByRole('link', { name: /sign in/i });
    expect(signIn).toHaveAttribute('href', signInUrl());
    expect(signIn).toHaveAttribute('target', '_blank');
    expect(signIn).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(screen.getByRole('button', { name: 'Resources' }));
    const caseStudies = screen.getByRole('link', { name: /case studies/i });
    expect(caseStudies).toHaveAttribute('href', '/case-studies');
    expect(caseStudies).not.toHaveAttribute('target');
    // Listed in the footer only.
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it('follows the disclosure pattern: aria-expanded, one panel at a time, Escape closes and returns focus', async () => {
    mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }) });
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { navigation: testNavigation });
    const products = screen.getByRole('button', { name: 'Products' });
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(products.getAttribute('aria-controls')!)!;
    // Hidden by a class (so that a page without script can open it in CSS): jsdom has no stylesheet.
    expect(panel).toHaveClass('hidden');

    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    expect(panel.style.width).toBe('600px');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/products/offers-network', '/products/merchants', '/products/offers-api']);

    await user.click(solutions);
    expect(products).toHaveAttribute('aria-expanded', 'false');
    const solutionsPanel = document.getElementById(solutions.getAttribute('aria-controls')!)!;
    expect(solutionsPanel.style.width).toBe('700px');
    expect(within(solutionsPanel).getAllByRole('link')).toHaveLength(2);

    await user.tab();
    expect(within(solutionsPanel).getAllByRole('link')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(solutions).toHaveAttribute('aria-expanded', 'false');
    expect(solutions).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Company' }));
    const company = screen.getByRole('button', { name: 'Company' });
    const companyPanel = document.getElementById(company.getAttribute('aria-controls')!)!;
    expect(companyPanel.style.width).toBe('320px');
    expect(
      within(companyPanel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['About UsOur mission, pillars and values', 'CareersOpen roles on our team']);
    await user.click(company);
    expect(company).toHaveAttribute('aria-expanded', 'false');
  });

  it('sits 36px lower when a primary banner exists, and at the top without one', async () => {
    mockFetch({ '/api/banners': () => json(banner) });
    const { unmount } = renderWithProviders(<SiteHeader />);
    const header = screen.getByTestId('site-header');
    expect(header).toHaveStyle({ top: '36px' });
    await waitFor(() => expect(header).toHaveStyle({ top: '36px' }));
    unmount();

    mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }) });
    renderWithProviders(<SiteHeader />);
    await waitFor(() => expect(screen.getByTestId('site-header')).toHaveStyle({ top: '0px' }));
  });

  it('is white by default and black when a page forces it', async () => {
    mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }) });
    const { unmount } = renderWithProviders(<SiteHeader />);
    expect(screen.getByTestId('site-header')).toHaveAttribute('data-inverted', 'false');
    unmount();
    renderWithProviders(<ForcedDark />);
    await waitFor(() => expect(screen.getByTestId('site-header')).toHaveAttribute('data-inverted', 'true'));
  });
});
