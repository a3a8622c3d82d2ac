import type { ContentKind } from '@cardlift/contracts';
import { KINDS } from './content-kinds';
import { ContentRefused } from './content-refused';

/**
 * The item checked with its kind's schema, or a refusal naming every field at fault: 400 for a body
 * sent now, 422 for a stored revision a publish finds breaking today's rules (a link or an image
 * saved before them), which must be fixed and saved again first.
 */
export function checkedItem(kind: ContentKind, body: unknown, stored = false): object {
  const result = KINDS[kind].schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : '(root)',
    message: issue.message,
  }));
  const first = issues[0]!;
  if (stored)
    throw new ContentRefused(
      'refused',
      'content_invalid',
      `The saved revision breaks the content rules (field "${first.path}": ${first.message}): fix it, save, then publish. Nothing was published.`,
      issues,
    );
  throw new ContentRefused('invalid', 'validation_failed', `field "${first.path}": ${first.message}`, issues);
}
