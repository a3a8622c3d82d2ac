/**
 * Adds the new row to the table of remotes (`contracts/src/remotes.ts`), the one place that names the
 * sections: builds, dev scripts, the api, Jest projects, ESLint and the browser suite read it.
 */
import type { SectionRow } from './section-plan';

const TABLE_END = /\n\] as const;/;

/** The table's source with `row` appended as its last entry. */
export function withRow(source: string, row: SectionRow): string {
  const end = TABLE_END.exec(source);
  if (!end)
    throw new Error('contracts/src/remotes.ts no longer ends its table with "] as const;": update scripts/new-section/remotes-table.ts');
  const literal = `  ${JSON.stringify(row)},`;
  return `${source.slice(0, end.index)}\n${literal}${source.slice(end.index)}`;
}
