/** Blog data: GET /api/blog and GET /api/blog/{id}. */
import { API_PATHS, type BlogPost, type BlogPostSummary } from '@cardlift/contracts';
import { defaultQueryFn, queryOptions } from '@cardlift/shell/ui';

const BLOG = API_PATHS.blog;

export const blogKeys = {
  all: [BLOG] as const,
  detail: (id: string) => [BLOG, id] as const,
};

export const BLOG_LIST_ERROR = 'Failed to fetch blog posts';

/** The post summaries; a non-ok answer raises 'Failed to fetch blog posts'. */
export async function fetchBlogPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  const response = await fetch(BLOG, { credentials: 'include', signal });
  if (!response.ok) throw new Error(BLOG_LIST_ERROR);
  return (await response.json()) as BlogPostSummary[];
}

export function blogPostsQuery() {
  return queryOptions({
    queryKey: blogKeys.all,
    queryFn: ({ signal }) => fetchBlogPosts(signal),
  });
}

/**
 * One post, with the default rule. The body is read through the contract schema, which also fills
 * the call to action's default button text ('Get in Touch'). The schemas (and zod) load only when a
 * post is fetched: a page the server rendered has its post inlined and never needs them.
 */
export function blogPostQuery(id: string) {
  return queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: async (context): Promise<BlogPost> => {
      const [body, { blogPostSchema }] = await Promise.all([
        defaultQueryFn<unknown>(context),
        import('@cardlift/contracts/content-schemas'),
      ]);
      return blogPostSchema.parse(body);
    },
  });
}
