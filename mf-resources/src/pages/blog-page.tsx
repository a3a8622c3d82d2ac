import { Container, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { BlogPostCard } from '../components/blog/blog-post-card';
import { BlogPostsEmpty, BlogPostsError, BlogPostsLoading } from '../components/blog/blog-list-states';
import { PageIntro } from '../components/common/page-intro';
import { blogCopy } from '../content/blog';
import { pages } from '../meta';
import { blogPostsQuery } from '../queries/blog';

/** /blog: every post as a card. */
export function BlogPage() {
  usePageMeta(pages.blog);
  const { data, isPending, isError } = useQuery(blogPostsQuery());
  const { title, intro, breadcrumb } = blogCopy.list;
  return (
    <Container className="rs:pb-24">
      <PageIntro crumbs={breadcrumb} title={title} intro={intro} />
      {isPending ? (
        <BlogPostsLoading />
      ) : isError ? (
        <BlogPostsError />
      ) : data.length === 0 ? (
        <BlogPostsEmpty />
      ) : (
        <ul className="rs:grid rs:gap-6 rs:sm:grid-cols-2 rs:lg:grid-cols-3">
          {data.map((post) => (
            <li key={post.id}>
              <BlogPostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
