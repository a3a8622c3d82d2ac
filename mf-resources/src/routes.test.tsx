import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import ResourcesRoutes from './routes';
import { aBlogPost, aBlogPostSummary, aCaseStudy } from './test/fixtures';

const sling = aCaseStudy();
const acme = aCaseStudy({ id: 'acme-case-study', title: 'Acme doubles repeat visits', client: 'Acme' });
const announcement = aBlogPost({ id: 'offers-network-announcement', title: 'The Offers Network is here' });

beforeEach(() => {
  mockFetch({
    '/api/casestudies': () => json([sling, acme]),
    '/api/casestudies/sling-tv-case-study': () => json(sling),
    '/api/casestudies/acme-case-study': () => json(acme),
    '/api/blog': () => json([aBlogPostSummary()]),
    '/api/blog/offers-network-announcement': () => json(announcement),
  });
});

const visit = (path: string) => renderWithProviders(<ResourcesRoutes />, { path });

describe('resources routes', () => {
  it.each(['/case-studies', '/casestudies'])('%s shows the list', async (path) => {
    visit(path);
    expect(await screen.findByRole('link', { name: acme.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Case Studies' })).toBeInTheDocument();
  });

  it.each(['/case-studies/acme-case-study', '/casestudies/acme-case-study'])('%s shows that case study', async (path) => {
    visit(path);
    expect(await screen.findByRole('heading', { level: 1, name: acme.title })).toBeInTheDocument();
  });

  it('/casestudy/slingtv shows the Sling TV case study', async () => {
    visit('/casestudy/slingtv');
    expect(await screen.findByRole('heading', { level: 1, name: sling.title })).toBeInTheDocument();
  });

  it('/blog shows the list', async () => {
    visit('/blog');
    expect(await screen.findByRole('link', { name: aBlogPostSummary().title })).toBeInTheDocument();
  });

  it('/blog/{product}-announcement shows that post', async () => {
    visit('/blog/offers-network-announcement');
    expect(await screen.findByRole('heading', { level: 1, name: announcement.title })).toBeInTheDocument();
  });

  it.each(['/case-studies/acme-case-study/more', '/casestudy/other', '/blog/a/b', '/casestudy'])('%s is not found', (path) => {
    visit(path);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
