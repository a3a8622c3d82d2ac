import { screen, within } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { aCaseStudy } from '../test/fixtures';
import { CaseStudiesPage } from './case-studies-page';

const pending = () => new Promise<Response>(() => {});
const render = (path = '/case-studies') => renderWithProviders(<CaseStudiesPage />, { path });

describe('CaseStudiesPage', () => {
  it('shows the breadcrumb and 6 skeleton cards while loading', () => {
    mockFetch({ '/api/casestudies': pending });
    const { container } = render();
    expect(screen.getByRole('heading', { level: 1, name: 'Case Studies' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Case Studies')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status')).toHaveTextContent('Loading case studies');
    expect(container.querySelectorAll('[data-card-skeleton]')).toHaveLength(6);
  });

  it('shows the empty state when there are none', async () => {
    mockFetch({ '/api/casestudies': () => json([]) });
    render();
    expect(await screen.findByRole('heading', { name: 'No Case Studies Available' })).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new case studies showcasing our latest client successes.')).toBeInTheDocument();
  });

  it('shows the error state when the list cannot load', async () => {
    mockFetch({ '/api/casestudies': () => json({ error: 'boom' }, 500) });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Load Case Studies');
  });

  it('shows every case study as a card linking to its /case-studies page, overview clamped to 2 lines', async () => {
    const fetchMock = mockFetch({
      '/api/casestudies': () =>
        json([aCaseStudy(), aCaseStudy({ id: 'acme-case-study', title: 'Acme doubles repeat visits', client: 'Acme' })]),
    });
    render('/casestudies');
    const link = await screen.findByRole('link', { name: 'Acme doubles repeat visits' });
    expect(link).toHaveAttribute('href', '/case-studies/acme-case-study');
    expect(screen.getByRole('link', { name: 'Sling TV turns trials into subscribers' })).toHaveAttribute(
      'href',
      '/case-studies/sling-tv-case-study',
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByText(aCaseStudy().overview)[0]).toHaveClass('rs:line-clamp-2');
    expect(screen.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('loading', 'lazy');
    expect(fetchMock).toHaveBeenCalledWith('/api/casestudies', expect.objectContaining({ credentials: 'include' }));
  });
});
