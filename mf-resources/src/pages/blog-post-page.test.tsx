import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import { aBlogPost } from '../test/fixtures';
import { BlogPostPage } from './blog-post-page';

const post = aBlogPost();
const render = (id = post.id) => renderWithProviders(<BlogPostPage />, { path: `/blog/${id}`, route: '/blog/:id' });

describe('BlogPostPage', () => {
  it('shows a skeleton while loading', () => {
    mockFetch({ [`/api/blog/${post.id}`]: () => new Promise<Response>(() => {}) });
    const { container } = render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading blog post');
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(3);
  });

  it('shows the error view for an unknown post', async () => {
    mockFetch({});
    render('no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to Load Blog Post' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There was an error loading the blog post. Please try again later.');
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows the post: title, excerpt, byline, introduction, sections, conclusion, call to action', async () => {
    mockFetch({ [`/api/blog/${post.id}`]: () => json(post) });
    const { container } = render();
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByText(post.excerpt)).toBeInTheDocument();
    expect(screen.getByText('March 7, 2025')).toBeInTheDocument();
    expect(screen.getByText('Jordan Lee')).toBeInTheDocument();
    expect(screen.getByText('Today we launch the Offers API.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why an API' })).toBeInTheDocument();
    // A blank line in a section starts a new paragraph.
    expect(screen.getByText('Partners asked for it.').tagName).toBe('P');
    expect(screen.getByText('Now they have it.').tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 2, name: 'Conclusion' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ready to start?' })).toBeInTheDocument();
    const hero = container.querySelector('img')!;
    expect(hero).toHaveAttribute('src', post.heroImage);
    expect(hero).toHaveAttribute('loading', 'eager');
    await waitFor(() => expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article'));
  });

  it('describes the hero image with its alt text and caption, and leaves a decorative one out', async () => {
    const described = { ...post, heroImageAlt: 'A phone showing an offer card', heroImageCaption: 'The Offers API in a partner app' };
    mockFetch({ [`/api/blog/${post.id}`]: () => json(described) });
    const { unmount } = render();
    expect(await screen.findByRole('img', { name: 'A phone showing an offer card' })).toHaveAttribute('src', post.heroImage);
    const caption = screen.getByText('The Offers API in a partner app');
    expect(caption.tagName).toBe('FIGCAPTION');
    expect(caption.closest('figure')).toContainElement(screen.getByRole('img', { name: 'A phone showing an offer card' }));
    unmount();
    mockFetch({ [`/api/blog/${post.id}`]: () => json({ ...described, heroImageDecorative: true, heroImageCaption: undefined }) });
    const { container } = render();
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it("uses 'Get in Touch' when the call to action names no button, and scrolls to the contact form", async () => {
    const { buttonText: _omit, ...cta } = post.content.callToAction!;
    mockFetch({ [`/api/blog/${post.id}`]: () => json({ ...post, content: { ...post.content, callToAction: cta } }) });
    const contact = document.createElement('section');
    contact.id = 'contact';
    contact.scrollIntoView = jest.fn();
    document.body.appendChild(contact);
    render();
    const link = await screen.findByRole('link', { name: 'Get in Touch' });
    expect(link).toHaveAttribute('href', '#contact');
    fireEvent.click(link);
    expect(contact.scrollIntoView).toHaveBeenCalled();
    contact.remove();
  });

  it('has no call to action when the post has none, and falls back to the stock image', async () => {
    const { callToAction: _omit, ...content } = post.content;
    mockFetch({ [`/api/blog/${post.id}`]: () => json({ ...post, heroImage: undefined, content }) });
    const { container } = render();
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(screen.queryByRole('link', { name: /get in touch|talk to sales/i })).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/test-file-stub');
  });
});
