import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { aBlogPostSummary } from '../test/fixtures';
import { BlogPage } from './blog-page';

const render = () => renderWithProviders(<BlogPage />, { path: '/blog' });

describe('BlogPage', () => {
  it('shows the breadcrumb and 6 skeleton cards while loading', () => {
    mockFetch({ '/api/blog': () => new Promise<Response>(() => {}) });
    const { container } = render();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/Blog');
    expect(screen.getByRole('status')).toHaveTextContent('Loading blog posts');
    expect(container.querySelectorAll('[data-card-skeleton]')).toHaveLength(6);
  });

  it('shows the empty state', async () => {
    mockFetch({ '/api/blog': () => json([]) });
    render();
    expect(await screen.findByRole('heading', { name: 'No Blog Posts Available' })).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new blog posts about industry insights and company updates.')).toBeInTheDocument();
  });

  it('shows the error state', async () => {
    mockFetch({ '/api/blog': () => json({ error: 'boom' }, 500) });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Load Blog Posts');
    expect(alert).toHaveTextContent('There was an error loading the blog posts. Please try again later.');
  });

  it('shows post cards linking to /blog/{id}, with date, author, read time and a 3-line excerpt', async () => {
    mockFetch({
      '/api/blog': () => json([aBlogPostSummary(), aBlogPostSummary({ id: 'second-post', title: 'Second post', heroImage: undefined })]),
    });
    const { container } = render();
    expect(await screen.findByRole('link', { name: 'Introducing the Offers API' })).toHaveAttribute(
      'href',
      '/blog/offers-api-announcement',
    );
    expect(screen.getByRole('link', { name: 'Second post' })).toHaveAttribute('href', '/blog/second-post');
    expect(screen.getAllByText('March 7, 2025')[0]).toHaveAttribute('datetime', '2025-03-07');
    expect(screen.getAllByText('Jordan Lee')).toHaveLength(2);
    expect(screen.getAllByText('4 min read')).toHaveLength(2);
    expect(screen.getAllByText(aBlogPostSummary().excerpt)[0]).toHaveClass('rs:line-clamp-3');
    // Card images are sized and lazy; a post without an image gets the stock one.
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/content-images/blog/offers-api.svg', '/test-file-stub']);
    for (const img of images) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
  });
});
