import { CardGridSkeleton } from '@cardlift/shell/ui';
import { blogCopy } from '../../content/blog';
import { LIST_SKELETON_COUNT } from '../case-studies/list-states';
import { StatusPanel } from '../common/status-panel';

export function BlogPostsLoading() {
  return <CardGridSkeleton count={LIST_SKELETON_COUNT} label={blogCopy.list.loading} />;
}

export function BlogPostsEmpty() {
  const { title, text } = blogCopy.list.empty;
  return <StatusPanel tone="empty" title={title} text={text} />;
}

export function BlogPostsError() {
  const { title, text } = blogCopy.list.error;
  return <StatusPanel tone="error" title={title} text={text} />;
}
