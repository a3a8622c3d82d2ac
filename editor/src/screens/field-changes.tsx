/**
 * Two versions of an item side by side, field by field, only where they differ: the conflict screen
 * (theirs beside yours) and the preview of a restore (that revision beside the current one). Side by
 * side on a wide screen, one above the other on a phone.
 */
import type { FieldChange } from '@cardlift/contracts';
import { placeOf } from '../form/error-summary';

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.map((entry) => `• ${entry}`).join('\n');
  return JSON.stringify(value, null, 2);
}

interface FieldChangesProps {
  changes: readonly FieldChange[];
  /** Headings of the two sides: `before` is each change's `before`. */
  before: string;
  after: string;
}

export function FieldChanges({ changes, before, after }: FieldChangesProps) {
  if (changes.length === 0) return <p className="mt-3 text-sm text-muted">No field differs.</p>;
  return (
    <ul className="mt-3 space-y-4">
      {changes.map((change) => (
        <li key={change.path} className="rounded-button border border-line bg-white p-3">
          <p className="text-sm font-semibold text-ink">{placeOf(change.path)}</p>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">{before}</p>
              <p className="mt-1 text-sm whitespace-pre-wrap break-words text-ink">{shown(change.before)}</p>
            </div>
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">{after}</p>
              <p className="mt-1 text-sm whitespace-pre-wrap break-words text-ink">{shown(change.after)}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
