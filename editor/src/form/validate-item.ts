/**
 * The check before anything is sent: the kind's contract schema itself (the api checks every write
 * with the same one), run in the browser. zod here is interpreted (jitless, see the contracts), so it
 * needs no 'unsafe-eval' in the editor's CSP. Issues come out in the api's shape, `{ path, message }`,
 * so the browser's and the server's refusals land on the fields the same way.
 */
import { CONTENT_KIND_SCHEMAS, type ContentKind } from '@cardlift/contracts';
import type { FieldIssue } from '../api/editor-client';
import { cleanValue, kindJsonSchema } from './json-schema';

/** The api names an issue of the whole item `(root)`. */
export const ROOT_PATH = '(root)';

export type Checked = { ok: true; item: object } | { ok: false; issues: FieldIssue[] };

export function validateItem(kind: ContentKind, values: unknown): Checked {
  const result = CONTENT_KIND_SCHEMAS[kind].safeParse(cleanValue(kindJsonSchema(kind), values));
  if (result.success) return { ok: true, item: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : ROOT_PATH,
    message: issue.message,
  }));
  return { ok: false, issues };
}
