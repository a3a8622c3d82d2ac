import { useParams } from '@cardlift/shell/router';
import { Container, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { PostArticle } from '../components/blog/post-article';
import { PostError, PostLoading } from '../components/blog/post-states';
import { blogPostErrorMeta, blogPostMeta } from '../meta';
import { blogPostQuery } from '../queries/blog';

/** /blog/:id, which also serves the /blog/{product}-announcement posts. */
export function BlogPostPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useQuery(blogPostQuery(id));
  usePageMeta(data ? blogPostMeta(data) : isError ? blogPostErrorMeta : null);
  return <Container className="rs:pb-16">{isPending ? <PostLoading /> : isError ? <PostError /> : <PostArticle post={data} />}</Container>;
}
