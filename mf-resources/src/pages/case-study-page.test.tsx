import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { aCaseStudy } from '../test/fixtures';
import { CaseStudyPage } from './case-study-page';

const pending = () => new Promise<Response>(() => {});
const sling = aCaseStudy();
const others = ['a', 'b', 'c', 'd'].map((x) => aCaseStudy({ id: `other-${x}`, title: `Other ${x}`, client: `Client ${x}` }));

function render(path = '/case-studies/sling-tv-case-study', route = '/case-studies/:caseStudyId') {
  return renderWithProviders(<CaseStudyPage />, { path, route });
}

describe('CaseStudyPage loading', () => {
  it('shows 3 or 4 skeletons in each section while the data is missing', () => {
    mockFetch({ '/api/casestudies/sling-tv-case-study': pending, '/api/casestudies': pending });
    const { container } = render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading case study');
    const sections = container.querySelectorAll('[data-skeleton-section]');
    expect(sections.length).toBeGreaterThanOrEqual(4);
    for (const section of sections) {
      const count = section.querySelectorAll('[data-card-skeleton], [data-skeleton-line]').length;
      expect([3, 4]).toContain(count);
    }
  });
});

describe('CaseStudyPage data', () => {
  beforeEach(() => {
    mockFetch({
      '/api/casestudies/sling-tv-case-study': () => json(sling),
      '/api/casestudies': () => json([sling, ...others]),
    });
  });

  it('shows the hero and every section', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: sling.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sling TV' })).toHaveAttribute('src', sling.clientLogo);
    for (const name of ['Overview', 'The Challenge', 'The Solution', 'The Results', 'What Made the Difference', 'Key Takeaways']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Audience targeting' })).toBeInTheDocument();
    expect(screen.getByText('11x')).toBeInTheDocument();
    expect(screen.getByText('New subscribers')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Closed-loop measurement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reach matters' })).toBeInTheDocument();
  });

  it('renders the challenge bullets as a list', async () => {
    render();
    const challenge = (await screen.findByRole('heading', { name: 'The Challenge' })).closest('section')!;
    const items = within(challenge)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Rising acquisition costs', 'Churn after trials']);
    expect(within(challenge).getByText('Streaming is crowded.')).toBeInTheDocument();
  });

  it('shows up to 3 more case studies, never the current one', async () => {
    render();
    const more = (await screen.findByRole('heading', { name: 'More Case Studies' })).closest('section')!;
    const links = await within(more).findAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/case-studies/other-a', '/case-studies/other-b', '/case-studies/other-c']);
  });

  it('Talk to Sales scrolls to the contact form', async () => {
    const contact = document.createElement('section');
    contact.id = 'contact';
    contact.scrollIntoView = jest.fn();
    document.body.appendChild(contact);
    render();
    fireEvent.click(await screen.findByRole('link', { name: 'Talk to Sales' }));
    expect(contact.scrollIntoView).toHaveBeenCalled();
    contact.remove();
  });

  it('declares the page as an article with a canonical /case-studies URL', async () => {
    render('/casestudies/sling-tv-case-study', '/casestudies/:caseStudyId');
    await screen.findByRole('heading', { level: 1, name: sling.title });
    await waitFor(() => expect(document.title).toBe(`${sling.title} | Cardlift`));
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://www.cardlift.example/case-studies/sling-tv-case-study',
    );
  });

  it('falls back to the stock image when the hero image fails', async () => {
    const { container } = render();
    await screen.findByRole('heading', { level: 1, name: sling.title });
    const hero = container.querySelector(`img[src="${sling.heroImage}"]`)!;
    expect(hero).toHaveAttribute('width', '1200');
    expect(hero).toHaveAttribute('loading', 'eager');
    fireEvent.error(hero);
    expect(hero).toHaveAttribute('src', '/test-file-stub');
  });
});

describe('CaseStudyPage without others', () => {
  it('hides More Case Studies when the current one is the only one', async () => {
    mockFetch({ '/api/casestudies/sling-tv-case-study': () => json(sling), '/api/casestudies': () => json([sling]) });
    render();
    await screen.findByRole('heading', { level: 1, name: sling.title });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'More Case Studies' })).not.toBeInTheDocument();
  });

  it('loads the default case study at /casestudy/slingtv', async () => {
    const fetchMock = mockFetch({ '/api/casestudies/sling-tv-case-study': () => json(sling), '/api/casestudies': () => json([sling]) });
    render('/casestudy/slingtv', '/casestudy/slingtv');
    expect(await screen.findByRole('heading', { level: 1, name: sling.title })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/casestudies/sling-tv-case-study', expect.objectContaining({ credentials: 'include' }));
  });
});

describe('CaseStudyPage error', () => {
  it.each([
    ['the api 404 JSON body', () => json({ error: 'Case study not found' }, 404)],
    ['a server error page', () => new Response('<h1>Bad gateway</h1>', { status: 502 })],
    ['a 200 body that is not a case study', () => json({ id: 'x' })],
  ])('shows Case Study Not Found for %s', async (_label, respond) => {
    mockFetch({ '/api/casestudies/nope': respond, '/api/casestudies': () => json([sling]) });
    render('/case-studies/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case Study Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The case study you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Case Studies' })).toHaveAttribute('href', '/case-studies');
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow'));
  });
});
