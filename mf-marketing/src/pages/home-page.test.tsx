import { screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import type { Banners, CaseStudy } from '@cardlift/contracts';
import { HomePage } from './home-page';

function caseStudy(n: number): CaseStudy {
  return {
    id: `study-${n}`,
    title: `Study ${n} title`,
    client: `Client ${n}`,
    clientLogo: `/content-images/logo-${n}.svg`,
    heroImage: `/content-images/hero-${n}.svg`,
    overview: `Overview ${n}`,
    challenge: 'Challenge',
    solution: 'Solution',
    solutionDetails: [{ icon: 'users', title: 'Detail', description: 'Detail text' }],
    results: 'Results',
    metrics: [{ label: 'ROAS', value: '11x', description: 'Return' }],
    differentiators: [{ title: 'Different', description: 'Text' }],
    keyTakeaways: [{ title: 'Takeaway', description: 'Text' }],
    publishedDate: '2025-01-0' + n,
  };
}

const banners = (blogPostId: string | null): Banners => ({
  primary: null,
  secondary: blogPostId === null ? null : { text: 'Introducing the Offers API', link: '/blog/offers-api-announcement', blogPostId },
});

function renderHome({ banner = banners('offers-api-announcement'), studies = [1, 2, 3, 4, 5].map(caseStudy) } = {}) {
  const fetchMock = mockFetch({
    '/api/banners': () => json(banner),
    '/api/casestudies': () => json(studies),
  });
  return { fetchMock, ...renderWithProviders(<HomePage />) };
}

describe('HomePage', () => {
  it('has one h1, the proof pills, Talk to Sales and the two product cards', async () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/card-linked offers/i);
    for (const pill of ['200+ million cardholders', '1:1 client success support', 'Leading iROAS']) {
      expect(screen.getByText(pill)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Talk to Sales' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Explore Card-Linked Offers/ })).toHaveAttribute('href', '/products/card-linked-offers');
    expect(screen.getByRole('link', { name: /offers network/i })).toHaveAttribute('href', '/products/offers-network');
    await screen.findByText('Study 1 title');
  });

  it('shows the banner pill and Learn More when the home banner names a blog post', async () => {
    renderHome();
    const pill = await screen.findByRole('link', { name: /Introducing the Offers API/ });
    expect(pill).toHaveAttribute('href', '/blog/offers-api-announcement');
    expect(screen.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/products/card-linked-offers');
  });

  it("hides Learn More when the banner's blogPostId is 'default'", async () => {
    renderHome({ banner: banners('default') });
    await screen.findByRole('link', { name: /Introducing the Offers API/ });
    expect(screen.queryByRole('link', { name: /^Learn More/ })).not.toBeInTheDocument();
  });

  it('keeps Learn More and shows no pill when there is no home banner', async () => {
    const { fetchMock } = renderHome({ banner: banners(null) });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/banners', expect.anything()));
    await screen.findByText('Study 1 title');
    expect(screen.getByRole('link', { name: /^Learn More/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Introducing/ })).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then the first 3 case studies linking to their pages', async () => {
    renderHome();
    const section = screen.getByRole('region', { name: 'See the results' });
    expect(within(section).getByRole('status')).toHaveTextContent('Loading case studies');
    expect(section.querySelectorAll('[data-card-skeleton]')).toHaveLength(3);
    await within(section).findByText('Study 1 title');
    const cards = within(section).getAllByRole('link', { name: /Study \d title/ });
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/case-studies/study-1', '/case-studies/study-2', '/case-studies/study-3']);
    expect(within(section).queryByText('Study 4 title')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /view all case studies/i })).toHaveAttribute('href', '/case-studies');
  });

  it('shows an empty state when there are no case studies', async () => {
    renderHome({ studies: [] });
    expect(await screen.findByText(/case studies are on their way/i)).toBeInTheDocument();
  });
});
