import { Skeleton } from '@cardlift/shell/ui';
import { blogCopy, BLOG_PATH } from '../../content/blog';
import { LinkButton } from '../common/link-button';
import { StatusPanel } from '../common/status-panel';

/** The blog post while it loads: title, byline, image and 4 paragraph lines in grey. */
export function PostLoading() {
  return (
    <div role="status" aria-live="polite" className="rs:mx-auto rs:max-w-3xl rs:pt-16">
      <span className="rs:sr-only">{blogCopy.post.loading}</span>
      <Skeleton className="rs:h-4 rs:w-48" />
      <Skeleton className="rs:mt-8 rs:h-12 rs:w-full" />
      <Skeleton className="rs:mt-4 rs:h-6 rs:w-2/3" />
      <Skeleton className="rs:mt-10 rs:aspect-[1200/630] rs:w-full" />
      <div className="rs:mt-10 rs:space-y-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="rs:h-5 rs:w-full" />
        ))}
      </div>
    </div>
  );
}

/** The blog post's load error, for unknown posts too. */
export function PostError() {
  const { title, text } = blogCopy.post.error;
  return (
    <StatusPanel as="h1" tone="error" title={title} text={text} className="rs:mx-auto rs:my-16 rs:max-w-3xl">
      <LinkButton to={BLOG_PATH} className="rs:mt-8">
        {blogCopy.post.backToBlog}
      </LinkButton>
    </StatusPanel>
  );
}
