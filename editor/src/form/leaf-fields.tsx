/**
 * The single controls, chosen from a JSON schema node: text, long text (a text area, with the bullet
 * rule's live rendering when the schema marks it 'bulleted-text'), number, date, date-time, a choice
 * among values (select) and yes/no (checkbox).
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { BulletedPreview } from './bulleted-preview';
import { CONTROL_CLASS, FieldFrame, FieldMessage } from './field-frame';
import { errorId, fieldId, useFieldError } from './field-errors';
import type { JsonSchema } from './json-schema';
import { shareCardNote } from './share-card-note';
import { useTextCount } from './text-count';

export interface LeafProps {
  path: string;
  label: string;
  optional: boolean;
  schema: JsonSchema;
}

const INPUT_TYPES: Record<string, string> = { date: 'date', 'date-time': 'datetime-local', email: 'email', uri: 'url' };

export function TextField({ path, label, optional, schema }: LeafProps) {
  const { register } = useFormContext();
  const type = INPUT_TYPES[schema.format ?? ''] ?? 'text';
  const count = useTextCount(path);
  // A date's text is the control's own; every text a person writes is counted against its limit.
  const written = type !== 'date' && type !== 'datetime-local';
  const value: unknown = useWatch({ name: path });
  // An item's own title is its page's share card's title.
  const note = path === 'title' && typeof value === 'string' ? shareCardNote(value) : undefined;
  return (
    <FieldFrame path={path} label={label} optional={optional} hint={schema.description} count={written ? count : undefined} note={note}>
      {(control) => <input type={type} className={CONTROL_CLASS} {...control} {...register(path)} />}
    </FieldFrame>
  );
}

export function NumberField({ path, label, optional, schema }: LeafProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame path={path} label={label} optional={optional} hint={schema.description}>
      {(control) => <input type="number" inputMode="decimal" className={CONTROL_CLASS} {...control} {...register(path)} />}
    </FieldFrame>
  );
}

export function LongTextField({ path, label, optional, schema }: LeafProps) {
  const { register } = useFormContext();
  const bulleted = schema.widget === 'bulleted-text';
  const count = useTextCount(path);
  const text = useWatch({ name: path }) as unknown;
  const previewId = `${fieldId(path)}-preview`;
  return (
    <FieldFrame
      path={path}
      label={label}
      optional={optional}
      hint={bulleted ? 'Start a line with • for a bullet; leave a blank line for a break.' : schema.description}
      count={count}
      after={bulleted ? <BulletedPreview id={previewId} text={typeof text === 'string' ? text : ''} /> : undefined}
    >
      {(control) => <textarea rows={bulleted ? 8 : 5} className={CONTROL_CLASS} {...control} {...register(path)} />}
    </FieldFrame>
  );
}

export function SelectField({ path, label, optional, schema }: LeafProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame path={path} label={label} optional={optional} hint={schema.description}>
      {(control) => (
        <select className={CONTROL_CLASS} {...control} {...register(path)}>
          {optional && <option value="">None</option>}
          {(schema.enum ?? []).map((value) => (
            <option key={String(value)} value={String(value)}>
              {String(value)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({ path, label, schema }: LeafProps) {
  const { register } = useFormContext();
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <div className="mt-4">
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={id}
          className="size-5 accent-primary"
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': errorId(path) } : {})}
          {...register(path)}
        />
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
      </div>
      {schema.description && <p className="mt-1 text-sm text-muted">{schema.description}</p>}
      <FieldMessage path={path} />
    </div>
  );
}
