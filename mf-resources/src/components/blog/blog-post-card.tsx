import { Link } from '@cardlift/shell/router';
import type { BlogPostSummary } from '@cardlift/contracts';
import { Badge } from '@cardlift/shell/ui';
import { blogPostPath } from '../../meta';
import { FallbackImage } from '../common/fallback-image';
import { PostByline } from './post-byline';

/** A post in the blog grid; the whole card links to /blog/{id}, excerpt clamped to 3 lines. */
export function BlogPostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="rs:group rs:relative rs:flex rs:h-full rs:flex-col rs:overflow-hidden rs:rounded-lg rs:border rs:border-line rs:bg-white rs:shadow-sm rs:transition-shadow rs:hover:shadow-md">
      <FallbackImage
        src={post.heroImage}
        width={640}
        height={336}
        className="rs:aspect-[640/336] rs:w-full rs:bg-neutral-100 rs:object-cover"
      />
      <div className="rs:flex rs:flex-1 rs:flex-col rs:p-6">
        <Badge tone="brand" className="rs:self-start">
          {post.category}
        </Badge>
        <h2 className="rs:mt-3 rs:text-lg rs:font-semibold rs:text-ink">
          <Link
            to={blogPostPath(post.id)}
            className="rs:after:absolute rs:after:inset-0 rs:focus-visible:outline-2 rs:focus-visible:outline-offset-2 rs:focus-visible:outline-primary"
          >
            {post.title}
          </Link>
        </h2>
        <p className="rs:mt-2 rs:line-clamp-3 rs:text-sm rs:leading-6 rs:text-muted">{post.excerpt}</p>
        <PostByline post={post} className="rs:mt-auto rs:pt-4" />
      </div>
    </article>
  );
}
