/**
 * The frame every single control shares: its label (with "(optional)" when it may be left blank),
 * a hint, the control, and the schema's or the server's message for the field, tied to the control
 * by aria-describedby so a screen reader reads it with the field; a text with a limit gets a counter.
 */
import type { ReactNode } from 'react';
import { errorId, fieldId, useFieldError } from './field-errors';
import { countId, TextCount, type TextCountValue } from './text-count';

export const CONTROL_CLASS =
  'mt-1 block w-full rounded-button border border-muted bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-700';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FieldFrameProps {
  path: string;
  label: string;
  optional: boolean;
  hint?: string;
  children(control: ControlProps): ReactNode;
  after?: ReactNode;
  /** A text with a length limit: its counter, read with the field. */
  count?: TextCountValue;
  /** A remark on what was typed (read with the field): what the share image leaves out of a title. */
  note?: string | undefined;
}

export function FieldFrame({ path, label, optional, hint, children, after, count, note }: FieldFrameProps) {
  const error = useFieldError(path);
  const id = fieldId(path);
  const hintId = `${id}-hint`;
  // The field's message first: it is what needs doing.
  const noteId = `${id}-note`;
  const describedBy = [hint ? hintId : '', error ? errorId(path) : '', count ? countId(id) : '', note ? noteId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {count && <TextCount controlId={id} label={label} count={count} />}
      {note && (
        <p id={noteId} className="mt-1 text-sm text-ink">
          {note}
        </p>
      )}
      <FieldMessage path={path} />
      {after}
    </div>
  );
}

/** The message of a field (or of a group: a list that needs an entry, a rule across fields). */
export function FieldMessage({ path }: { path: string }) {
  const error = useFieldError(path);
  if (!error) return null;
  return (
    <p id={errorId(path)} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}
