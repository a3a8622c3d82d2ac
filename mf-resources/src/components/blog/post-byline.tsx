import type { BlogPostSummary } from '@cardlift/contracts';
import { cn } from '@cardlift/shell/ui';
import { formatBlogDate } from '../../lib/dates';

/** Date ('MMMM d, yyyy'), author and read time of a post. */
export function PostByline({
  post,
  className,
}: {
  post: Pick<BlogPostSummary, 'publishedDate' | 'author' | 'readTime'>;
  className?: string;
}) {
  return (
    <p className={cn('rs:flex rs:flex-wrap rs:items-center rs:gap-x-2 rs:gap-y-1 rs:text-sm rs:text-muted', className)}>
      <time dateTime={post.publishedDate}>{formatBlogDate(post.publishedDate)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
      <span aria-hidden="true">·</span>
      <span>{post.readTime}</span>
    </p>
  );
}
