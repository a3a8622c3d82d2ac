import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteConfig } from '@cardlift/contracts';
import { testNavigation } from '../../test/navigation-fixture';
import { renderWithProviders } from '../../test/render-with-providers';
import { MobileMenu } from './mobile-menu';

// Radix portals and user-event take seconds on a busy 2-core machine.
jest.setTimeout(20_000);

describe('MobileMenu', () => {
  it('opens a modal menu whose groups are an accordion with one section open at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MobileMenu inverted={false} />, { navigation: testNavigation });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog).toBeInTheDocument();

    const products = screen.getByRole('button', { name: 'Products' });
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    const company = screen.getByRole('button', { name: 'Company' });
    expect(screen.getByRole('button', { name: 'Resources' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Offers API' })).toHaveAttribute('href', '/products/offers-api');

    await user.click(solutions);
    expect(solutions).toHaveAttribute('aria-expanded', 'true');
    expect(products).toHaveAttribute('aria-expanded', 'false');

    await user.click(solutions);
    expect(solutions).toHaveAttribute('aria-expanded', 'false');

    await user.click(company);
    expect(screen.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/company/careers');
  });

  it('shows the company social link in a new tab and the 2025 copyright line', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MobileMenu inverted={false} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    const social = screen.getByRole('link', { name: new RegExp(siteConfig.social.label) });
    expect(social).toHaveAttribute('href', siteConfig.social.href);
    expect(social).toHaveAttribute('target', '_blank');
    expect(screen.getByText(`© 2025 ${siteConfig.legalName}`)).toBeInTheDocument();
  });

  it('locks page scroll while open, closes with Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MobileMenu inverted={false} />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
