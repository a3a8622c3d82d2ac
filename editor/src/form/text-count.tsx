/**
 * The counter of a text with a write limit ("12 / 150 characters"), read with its field through
 * aria-describedby, and said politely through the editor's one live region as the limit nears and
 * when it is passed. The limit is the one the save checks (textLimitAt), so the two never disagree.
 */
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { textLimitAt } from '@cardlift/contracts';
import { useEditor } from '../editor-context';

export interface TextCountValue {
  length: number;
  max: number;
}

/** The count of the form's text at `path` against its limit. */
export function useTextCount(path: string): TextCountValue {
  const value: unknown = useWatch({ name: path });
  return { length: typeof value === 'string' ? value.length : 0, max: textLimitAt(path) };
}

/** The id of a field's counter, for the control's aria-describedby. */
export const countId = (controlId: string) => `${controlId}-count`;

/** Said as the limit nears (every 10 in the last 20) and when it is passed; nothing otherwise. */
function nearLimit({ length, max }: TextCountValue): string {
  const left = max - length;
  if (left < 0) return `${-left} ${left === -1 ? 'character' : 'characters'} over the limit of ${max}`;
  if (left === 0) return `Limit of ${max} characters reached`;
  return left <= 20 && left % 10 === 0 ? `${left} characters left` : '';
}

export function TextCount({ controlId, label, count }: { controlId: string; label: string; count: TextCountValue }) {
  const { announce } = useEditor();
  const near = nearLimit(count);
  useEffect(() => {
    if (near) announce(`${label}: ${near}.`);
  }, [near, label, announce]);
  const over = count.length > count.max;
  return (
    <p id={countId(controlId)} className={`mt-1 text-sm ${over ? 'font-medium text-red-700' : 'text-muted'}`}>
      {count.length} / {count.max} characters
    </p>
  );
}
