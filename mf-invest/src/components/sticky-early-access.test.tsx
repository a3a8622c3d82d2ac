import { act, fireEvent, screen } from '@testing-library/react';
import { siteConfig } from '@cardlift/contracts';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { StickyEarlyAccess } from './sticky-early-access';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('StickyEarlyAccess', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  const sticky = () => screen.queryByRole('link', { name: /get early access/i });

  it('stays hidden up to exactly one viewport height and appears just past it', () => {
    renderWithProviders(<StickyEarlyAccess />);
    expect(sticky()).toBeNull();
    scrollTo(799);
    expect(sticky()).toBeNull();
    scrollTo(800);
    expect(sticky()).toBeNull();
    scrollTo(801);
    expect(sticky()).toBeInTheDocument();
    scrollTo(100);
    expect(sticky()).toBeNull();
  });

  it('shows at once when the page opens already scrolled down', () => {
    Object.defineProperty(window, 'scrollY', { value: 2000, configurable: true });
    renderWithProviders(<StickyEarlyAccess />);
    expect(sticky()).toBeInTheDocument();
  });

  it('follows the viewport height when the window is resized', () => {
    renderWithProviders(<StickyEarlyAccess />);
    scrollTo(700);
    expect(sticky()).toBeNull();
    act(() => {
      Object.defineProperty(window, 'innerHeight', { value: 600, configurable: true });
      fireEvent(window, new Event('resize'));
    });
    expect(sticky()).toBeInTheDocument();
  });

  it('links to the early-access form in a new tab', () => {
    renderWithProviders(<StickyEarlyAccess />);
    scrollTo(5000);
    const link = sticky();
    expect(link).toHaveAttribute('href', siteConfig.invest.earlyAccessFormUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName(/opens in a new tab/);
  });
});
