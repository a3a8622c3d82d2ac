import { createQueryClient } from '@cardlift/shell/ui';
import { json, mockFetch } from '@cardlift/shell/test-utils';
import { aBlogPost, aCaseStudy } from '../test/fixtures';
import { blogPostQuery, blogPostsQuery } from './blog';
import { caseStudiesQuery } from '@cardlift/shell/ui';
import { caseStudyQuery } from './case-studies';

let client: ReturnType<typeof createQueryClient>;
beforeEach(() => {
  client = createQueryClient();
});

describe('query keys are the path segments', () => {
  it('names each resource by its api path', () => {
    expect(caseStudiesQuery().queryKey).toEqual(['/api/casestudies']);
    expect(caseStudyQuery('x').queryKey).toEqual(['/api/casestudies', 'x']);
    expect(blogPostsQuery().queryKey).toEqual(['/api/blog']);
    expect(blogPostQuery('y').queryKey).toEqual(['/api/blog', 'y']);
  });
});

describe('case studies', () => {
  it("raises 'status: body' for a non-ok list, with credentials and no retry", async () => {
    const fetchMock = mockFetch({ '/api/casestudies': () => new Response('down', { status: 503 }) });
    await expect(client.fetchQuery(caseStudiesQuery())).rejects.toThrow('503: down');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('reads one case study without checking the status, and rejects a body that is not one', async () => {
    mockFetch({
      '/api/casestudies/ok': () => json(aCaseStudy({ id: 'ok' }), 203),
      '/api/casestudies/gone': () => json({ error: 'Not found' }, 404),
    });
    await expect(client.fetchQuery(caseStudyQuery('ok'))).resolves.toMatchObject({ id: 'ok' });
    await expect(client.fetchQuery(caseStudyQuery('gone'))).rejects.toThrow('404');
  });
});

describe('blog', () => {
  it("raises 'Failed to fetch blog posts' for a non-ok list", async () => {
    mockFetch({ '/api/blog': () => json({ error: 'boom' }, 500) });
    await expect(client.fetchQuery(blogPostsQuery())).rejects.toThrow(/^Failed to fetch blog posts$/);
  });

  it("raises 'status: body' for an unknown post and fills the default button text", async () => {
    const { buttonText: _omit, ...cta } = aBlogPost().content.callToAction!;
    mockFetch({ '/api/blog/p': () => json({ ...aBlogPost({ id: 'p' }), content: { ...aBlogPost().content, callToAction: cta } }) });
    await expect(client.fetchQuery(blogPostQuery('nope'))).rejects.toThrow('404: {"error":"Not found"}');
    const post = await client.fetchQuery(blogPostQuery('p'));
    expect(post.content.callToAction?.buttonText).toBe('Get in Touch');
  });
});
