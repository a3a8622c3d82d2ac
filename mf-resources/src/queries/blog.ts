/** Blog data (spec section 7): GET /api/blog and GET /api/blog/{id}. */
import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, blogPostSchema, type BlogPost, type BlogPostSummary } from '@cardlift/api/contracts';
import { defaultQueryFn } from '@cardlift/shell/ui';

const BLOG = API_PATHS.blog;

export const blogKeys = {
  all: [BLOG] as const,
  detail: (id: string) => [BLOG, id] as const,
};

export const BLOG_LIST_ERROR = 'Failed to fetch blog posts';

/** The post summaries; a non-ok answer raises 'Failed to fetch blog posts' (spec section 7). */
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
 * the call to action's default button text ('Get in Touch').
 */
export function blogPostQuery(id: string) {
  return queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: async (context): Promise<BlogPost> => blogPostSchema.parse(await defaultQueryFn<unknown>(context)),
  });
}
