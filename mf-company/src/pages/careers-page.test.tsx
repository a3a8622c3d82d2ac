import { screen, waitFor, within } from '@testing-library/react';
import { siteConfig } from '@cardlift/contracts';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { makeJob, makeMinimalJob } from '../test/jobs';
import { CareersPage } from './careers-page';

const renderCareers = () => renderWithProviders(<CareersPage />, { path: '/company/careers' });

describe('CareersPage', () => {
  it('shows 4 skeleton cards while the openings load', () => {
    mockFetch({ '/api/jobs': () => new Promise<Response>(() => undefined) });
    const { container } = renderCareers();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading job postings');
    expect(container.querySelectorAll('[data-card-skeleton]')).toHaveLength(4);
  });

  it('fetches GET /api/jobs', async () => {
    const fetchMock = mockFetch({ '/api/jobs': () => json([]) });
    renderCareers();
    await screen.findByText('No current job openings. Check back soon!');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/jobs');
  });

  it('says so when the openings fail to load', async () => {
    mockFetch({ '/api/jobs': () => json({ error: 'boom' }, 500) });
    renderCareers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load job postings. Please try again later.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for a resume by e-mail when there are no openings', async () => {
    mockFetch({ '/api/jobs': () => json([]) });
    renderCareers();
    expect(await screen.findByText('No current job openings. Check back soon!')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: siteConfig.careersEmail });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${siteConfig.careersEmail}`));
  });

  it('lists each opening with a link to its page', async () => {
    const jobs = [
      makeJob(),
      makeMinimalJob({
        id: 'job-2',
        slug: 'account-executive',
        title: 'Account Executive',
        department: 'Sales',
        remote: true,
        location: 'Remote',
        postedDate: '2025-02-14',
      }),
    ];
    mockFetch({ '/api/jobs': () => json(jobs) });
    renderCareers();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Senior Frontend Engineer' })).toHaveAttribute(
      'href',
      '/company/careers/senior-frontend-engineer',
    );
    expect(items[0]).toHaveTextContent('Engineering');
    expect(items[0]).toHaveTextContent('Senior');
    expect(items[0]).toHaveTextContent('Mar 1, 2025');
    expect(within(items[1]!).getByRole('link', { name: 'Account Executive' })).toHaveAttribute(
      'href',
      '/company/careers/account-executive',
    );
    expect(items[1]).toHaveTextContent('Feb 14, 2025');
    expect(items[1]).toHaveTextContent('Remote');
    expect(screen.queryByText('No current job openings. Check back soon!')).not.toBeInTheDocument();
  });

  it('has one h1 and sets the page title', async () => {
    mockFetch({ '/api/jobs': () => json([]) });
    renderCareers();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`Careers | ${siteConfig.brandName}`));
  });
});
