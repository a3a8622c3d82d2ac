/** Page copy of the blog pages. */
export const blogCopy = {
  list: {
    title: 'Blog',
    intro: 'Industry insights, product news and company updates.',
    breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Blog' }],
    loading: 'Loading blog posts',
    empty: {
      title: 'No Blog Posts Available',
      text: 'Check back soon for new blog posts about industry insights and company updates.',
    },
    error: {
      title: 'Failed to Load Blog Posts',
      text: 'There was an error loading the blog posts. Please try again later.',
    },
  },
  post: {
    loading: 'Loading blog post',
    conclusion: 'Conclusion',
    by: 'By',
    backToBlog: 'Back to Blog',
    error: {
      title: 'Failed to Load Blog Post',
      text: 'There was an error loading the blog post. Please try again later.',
    },
  },
} as const;

export const BLOG_PATH = '/blog';
