import { screen, within } from '@testing-library/react';
import { pageFrameAtom } from '@cardlift/shell/ui';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { remoteMeta } from '../meta';
import { InvestPage } from './invest-page';

function renderPage() {
  return renderWithProviders(<InvestPage />, { path: '/invest' });
}

describe('InvestPage', () => {
  it('shows every figure of the round, the traction and the pro tier', () => {
    renderPage();
    const round = within(screen.getByRole('region', { name: 'The round' }));
    for (const value of ['$100', '$500K', '$8M', '247']) expect(round.getByText(value)).toBeInTheDocument();
    const traction = within(screen.getByRole('region', { name: 'Traction so far' }));
    for (const value of ['10,000+', '+18%', '1,000+', '$25B']) expect(traction.getByText(value)).toBeInTheDocument();
    expect(screen.getByText('$20')).toBeInTheDocument();
    expect(screen.getByText('/mo')).toBeInTheDocument();
  });

  it('states the risks plainly', () => {
    renderPage();
    const risk = within(screen.getByRole('region', { name: 'Important risk information' }));
    expect(risk.getByText(/may lose your entire investment/)).toBeInTheDocument();
    expect(risk.getByText(/not investment advice/)).toBeInTheDocument();
  });

  it('has one h1 and the video as a thumbnail button', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /play the signalwise demo video/i })).toBeInTheDocument();
  });

  it('asks the frame for the black header and no sales form', () => {
    const { store } = renderPage();
    expect(store.get(pageFrameAtom)).toEqual({ invertedHeader: true, contactForm: false });
  });

  it('keeps robots noindex on the client, and stays out of the sitemap', () => {
    renderPage();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.title).toMatch(/^Invest in Signalwise/);
    expect(remoteMeta.sitemap).toBe(false);
  });

  it('opens every early-access link in a new tab', () => {
    renderPage();
    const links = screen
      .getAllByRole('link', { name: /early|spot|pro|waitlist/i })
      .filter((a) => a.getAttribute('href')?.startsWith('https://'));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
  });
});
