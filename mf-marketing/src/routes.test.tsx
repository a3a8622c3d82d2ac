import { Suspense } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { fullTitle } from '@cardlift/contracts';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { remoteMeta } from './meta';
import MarketingRoutes, { loadPage } from './routes';

const PATHS = [
  '/',
  '/products/offers-network',
  '/products/card-linked-offers',
  '/products/merchants',
  '/products/publishers',
  '/products/transactional-data',
  '/products/offers-api',
  '/solutions/retail',
  '/solutions/essentials',
  '/solutions/subscriptions-streaming',
  '/solutions/financial-institutions',
  '/solutions/restaurants-food-delivery',
  '/solutions/travel-ride-share',
  '/solutions/agencies',
];

beforeEach(() => {
  mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }), '/api/casestudies': () => json([]) });
});

describe('marketing routes', () => {
  // First, before any test has loaded the solution pages' chunk.
  it('renders a page whose code was not loaded yet once it arrives', async () => {
    // The shell renders a section inside a Suspense boundary; act waits for the chunk and the render it wakes.
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <MarketingRoutes />
        </Suspense>,
        { path: '/solutions/agencies' },
      );
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('declares metadata for exactly its pages, each with a title and a description', () => {
    expect(remoteMeta.pages.map((p) => p.path).sort()).toEqual([...PATHS].sort());
    for (const page of remoteMeta.pages) {
      expect(page.title).not.toBe('');
      expect(page.description.length).toBeGreaterThan(40);
    }
    expect(remoteMeta.pages.find((p) => p.path === '/')?.jsonLd?.[0]).toMatchObject({ '@type': 'Organization' });
  });

  it('names a loaded chunk for every page', () => {
    expect(remoteMeta.pages.filter((page) => !page.chunk)).toEqual([]);
  });

  it.each(PATHS)('%s renders one h1 and sets its title', async (path) => {
    await loadPage(path);
    renderWithProviders(<MarketingRoutes />, { path });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const meta = remoteMeta.pages.find((p) => p.path === path)!;
    await waitFor(() => expect(document.title).toBe(fullTitle(meta.title)));
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://www.cardlift.example${path}`);
  });

  // Lighthouse's heading-order audit and the W3C validator both fail a page whose outline skips a level.
  it.each(PATHS)('%s never skips a heading level', async (path) => {
    await loadPage(path);
    renderWithProviders(<MarketingRoutes />, { path });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1);
    expect({ levels, skips }).toEqual({ levels, skips: [] });
  });

  it('shows the in-progress placeholder with a Home button', async () => {
    await loadPage('/products/merchants');
    renderWithProviders(<MarketingRoutes />, { path: '/products/merchants' });
    expect(screen.getByText(/this page is in progress/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page for unknown paths of its sections', () => {
    renderWithProviders(<MarketingRoutes />, { path: '/solutions/unknown' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
