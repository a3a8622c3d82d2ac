/**
 * A reference to a blog post, picked from the posts there are (by title), never typed as an id.
 * "No Learn More button" is the banners' own value for none (NO_LEARN_MORE_POST).
 */
import { useController } from 'react-hook-form';
import { NO_LEARN_MORE_POST } from '@cardlift/contracts';
import { useEditor } from '../editor-context';
import { useLoad } from '../use-load';
import { CONTROL_CLASS, FieldFrame } from './field-frame';
import type { LeafProps } from './leaf-fields';

export function BlogPostField({ path, label, optional, schema }: LeafProps) {
  const { client } = useEditor();
  // Controlled: the posts arrive after the field, and the chosen one must stay chosen when they do.
  const { field } = useController({ name: path });
  const posts = useLoad(() => client.list('blog'), 'blog');
  const current = String(field.value ?? '');
  const known = current === NO_LEARN_MORE_POST || posts.data?.some((post) => post.id === current);
  return (
    <FieldFrame path={path} label={label} optional={optional} hint={schema.description}>
      {(control) => (
        <select
          className={CONTROL_CLASS}
          {...control}
          name={field.name}
          ref={field.ref}
          value={current}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.target.value)}
        >
          <option value={NO_LEARN_MORE_POST}>No Learn More button</option>
          {!known && <option value={current}>{posts.data ? `${current} (no such post)` : current}</option>}
          {posts.data?.map((post) => (
            <option key={post.id} value={post.id}>
              {post.title} ({post.state})
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
