import { screen, waitFor, within } from '@testing-library/react';
import { siteConfig, type Job } from '@cardlift/contracts';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { makeJob, makeMinimalJob } from '../test/jobs';
import { JobPage } from './job-page';

const ROUTE = '/company/careers/:slug';

function renderJob(job: Job | null, path = `/company/careers/${job?.slug ?? 'missing'}`) {
  const fetchMock = mockFetch(job ? { [`/api/jobs/${job.slug}`]: () => json(job) } : {});
  return { ...renderWithProviders(<JobPage />, { path, route: ROUTE }), fetchMock };
}

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('JobPage', () => {
  it('shows a loading status until the posting arrives', async () => {
    renderJob(makeJob());
    expect(screen.getByRole('status')).toHaveTextContent('Loading job posting');
    await screen.findByRole('heading', { level: 1, name: 'Senior Frontend Engineer' });
  });

  it('shows every section a full posting has, in order', async () => {
    renderJob(makeJob());
    await screen.findByRole('heading', { level: 1, name: 'Senior Frontend Engineer' });
    expect(sectionHeadings()).toEqual([
      'About the role',
      'Responsibilities',
      'Requirements',
      'Bonus points',
      'Benefits',
      'How to apply',
      'Job details',
    ]);
    expect(screen.getByText('Own the marketing site')).toBeInTheDocument();
    expect(screen.getByText('Module Federation in production')).toBeInTheDocument();
  });

  it('leaves out the sections and the level a posting does not have', async () => {
    renderJob(makeMinimalJob({ bonusPoints: [] }));
    await screen.findByRole('heading', { level: 1, name: 'Senior Frontend Engineer' });
    expect(sectionHeadings()).toEqual(['About the role', 'Job details']);
    const details = screen.getByRole('complementary', { name: 'Job details' });
    expect(within(details).queryByText('Level')).not.toBeInTheDocument();
  });

  it('keeps the line breaks of multi-line text', async () => {
    renderJob(makeJob());
    await screen.findByRole('heading', { level: 1 });
    const howTo = screen.getByRole('region', { name: 'How to apply' });
    const text = within(howTo).getByText(/Send your resume\./);
    expect(text.textContent).toBe('Send your resume.\nInclude a link to your work.');
    expect(text.className).toContain('co:whitespace-pre-line');
  });

  it('lists department, location, level and the posted date in the sidebar', async () => {
    renderJob(makeJob({ postedDate: '2025-01-01' }));
    const details = await screen.findByRole('complementary', { name: 'Job details' });
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    expect(value('Department')).toBe('Engineering');
    expect(value('Location')).toBe('New York, NY');
    expect(value('Level')).toBe('Senior');
    expect(value('Posted')).toBe('Jan 1, 2025');
    expect(within(details).getByText('Jan 1, 2025')).toHaveAttribute('dateTime', '2025-01-01');
  });

  it('applies by e-mail with the job title in the subject', async () => {
    renderJob(makeJob({ title: 'Data & Insights Lead' }));
    const apply = await screen.findByRole('link', { name: 'Apply by e-mail' });
    const href = apply.getAttribute('href') ?? '';
    expect(href.startsWith(`mailto:${siteConfig.careersEmail}?subject=`)).toBe(true);
    expect(href).toContain('Data%20%26%20Insights%20Lead');
    expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toBe('Application: Data & Insights Lead');
  });

  it('says a closed position is closed, offers no way to apply and points to the open positions', async () => {
    renderJob(makeJob({ open: false }));
    await screen.findByRole('heading', { level: 1, name: 'Senior Frontend Engineer' });
    const notice = screen.getByRole('region', { name: 'This position is closed' });
    expect(within(notice).getByRole('link', { name: 'See open positions' })).toHaveAttribute('href', '/company/careers');
    expect(screen.queryByRole('link', { name: 'Apply by e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How to apply' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Senior Frontend Engineer (closed) | Careers | Cardlift'));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('shows a breadcrumb back to Careers', async () => {
    renderJob(makeJob());
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/company/careers');
    expect(within(crumbs).getByText('Senior Frontend Engineer')).toHaveAttribute('aria-current', 'page');
  });

  it('declares article metadata with the JobPosting JSON-LD', async () => {
    renderJob(makeJob());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article'));
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld).toMatchObject({ '@type': 'JobPosting', title: 'Senior Frontend Engineer', datePosted: '2025-03-01' });
  });

  it("shows 'Job Not Found' when the posting does not exist", async () => {
    renderJob(null, '/company/careers/no-such-job');
    expect(await screen.findByRole('heading', { level: 1, name: 'Job Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The job posting you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute('href', '/company/careers');
  });

  it("shows 'Job Not Found' when the request fails", async () => {
    mockFetch({ '/api/jobs/senior-frontend-engineer': () => json({ error: 'down' }, 500) });
    renderWithProviders(<JobPage />, { path: '/company/careers/senior-frontend-engineer', route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job Not Found' })).toBeInTheDocument();
  });

  it('runs no query without a slug (or with one the contract refuses)', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<JobPage />, { path: '/company/careers', route: '/company/careers' });
    expect(screen.getByRole('heading', { level: 1, name: 'Job Not Found' })).toBeInTheDocument();
    renderWithProviders(<JobPage />, { path: '/company/careers/a%2F..%2F..%2Fbanners', route: ROUTE });
    // Both pages have settled on their answer (a query, had one started, would have called fetch by then).
    expect(await screen.findAllByRole('heading', { level: 1, name: 'Job Not Found' })).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches GET /api/jobs/{slug}', async () => {
    const { fetchMock } = renderJob(makeJob());
    await screen.findByRole('heading', { level: 1 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/jobs/senior-frontend-engineer');
  });
});
