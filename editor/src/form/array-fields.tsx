/**
 * Lists: of objects (a post's sections, a case study's metrics) and of texts (a job's requirements).
 * Each entry has Up, Down and Remove buttons whose accessible names say which entry they move
 * ("Move section 2 up"); after a move the keyboard stays on the entry that moved.
 */
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@cardlift/shell/ui';
import { useEditor } from '../editor-context';
import { CONTROL_CLASS, FieldMessage } from './field-frame';
import { errorId, fieldId, useFieldError } from './field-errors';
import { FIELDSET_CLASS, LEGEND_CLASS } from './group-fields';
import { emptyValue, labelFor, type JsonSchema } from './json-schema';
import { PropertyFields } from './schema-field';
import { countId, TextCount, useTextCount } from './text-count';

interface ArrayFieldProps {
  path: string;
  label: string;
  name: string;
  schema: JsonSchema;
}

/** "keyTakeaways" -> "key takeaway", "responsibilities" -> "responsibility": one entry's name. */
export function entryName(name: string, schema: JsonSchema): string {
  const plural = labelFor(name, schema).toLowerCase();
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}

type Move = (from: number, to: number) => void;

/** "section 2" -> "Section 2": a legend or label starts with a capital. */
const entryLabel = (entry: string, index: number) => `${entry.charAt(0).toUpperCase()}${entry.slice(1)} ${index + 1}`;

/** Puts focus back on the moved entry's button once the list has re-rendered. */
function useFocusAfterMove(path: string) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return (to: number, direction: 'up' | 'down', length: number) => {
    // At an end the pressed button is disabled: the other one keeps the keyboard in the entry.
    const atEnd = (direction === 'up' && to === 0) || (direction === 'down' && to === length - 1);
    const button = atEnd ? (direction === 'up' ? 'down' : 'up') : direction;
    pending.current = `${fieldId(`${path}.${to}`)}-${button}`;
  };
}

function EntryButtons({
  path,
  index,
  count,
  entry,
  move,
  remove,
}: {
  path: string;
  index: number;
  count: number;
  entry: string;
  move: Move;
  remove(i: number): void;
}) {
  const { announce } = useEditor();
  const focusAfter = useFocusAfterMove(path);
  const id = fieldId(`${path}.${index}`);
  const shift = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    focusAfter(to, direction, count);
    move(index, to);
    announce(`${entry} ${index + 1} moved to position ${to + 1}.`);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        id={`${id}-up`}
        disabled={index === 0}
        aria-label={`Move ${entry} ${index + 1} up`}
        onClick={() => shift('up')}
      >
        Up
      </Button>
      <Button
        variant="outline"
        size="sm"
        id={`${id}-down`}
        disabled={index === count - 1}
        aria-label={`Move ${entry} ${index + 1} down`}
        onClick={() => shift('down')}
      >
        Down
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Remove ${entry} ${index + 1}`}
        onClick={() => {
          remove(index);
          announce(`${entry} ${index + 1} removed.`);
        }}
      >
        Remove
      </Button>
    </div>
  );
}

interface ListFrameProps {
  path: string;
  label: string;
  children: React.ReactNode;
  entry: string;
  /** How many entries there are before an Add. */
  count: number;
  add(): void;
}

/** The list's fieldset, its message (a list that needs an entry) and its Add button. */
function ListFrame({ path, label, children, entry, count, add }: ListFrameProps) {
  const { announce } = useEditor();
  const onAdd = () => {
    add();
    announce(`${entry} ${count + 1} added.`);
  };
  return (
    <fieldset className={FIELDSET_CLASS} id={fieldId(path)} tabIndex={-1}>
      <legend className={LEGEND_CLASS}>{label}</legend>
      <FieldMessage path={path} />
      {children}
      <Button variant="outline" size="sm" className="mt-4" onClick={onAdd}>
        Add {entry}
      </Button>
    </fieldset>
  );
}

export function ObjectArrayField({ path, label, name, schema }: ArrayFieldProps) {
  const { fields, append, remove, move } = useFieldArray({ name: path });
  const entry = entryName(name, schema);
  const items = schema.items ?? {};
  return (
    <ListFrame path={path} label={label} entry={entry} count={fields.length} add={() => append(emptyValue(items) as object)}>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="mt-4 rounded-button border border-line p-3" id={fieldId(`${path}.${index}`)} tabIndex={-1}>
          <legend className="px-1 text-sm font-semibold text-ink">{entryLabel(entry, index)}</legend>
          <FieldMessage path={`${path}.${index}`} />
          <PropertyFields path={`${path}.${index}`} schema={items} />
          <EntryButtons path={path} index={index} count={fields.length} entry={entry} move={move} remove={remove} />
        </fieldset>
      ))}
    </ListFrame>
  );
}

/** A list of texts, kept as one array value (react-hook-form's field arrays hold objects only). */
export function StringArrayField({ path, label, name, schema }: ArrayFieldProps) {
  const { setValue } = useFormContext();
  const watched = useWatch({ name: path }) as unknown;
  const values = Array.isArray(watched) ? (watched as string[]) : [];
  const entry = entryName(name, schema);
  const update = (next: string[]) => setValue(path, next, { shouldDirty: true });
  const move: Move = (from, to) => {
    const next = [...values];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved ?? '');
    update(next);
  };
  return (
    <ListFrame path={path} label={label} entry={entry} count={values.length} add={() => update([...values, ''])}>
      {values.map((value, index) => (
        <StringEntry
          key={index}
          path={path}
          index={index}
          entry={entry}
          value={value}
          onChange={(text) => update(values.map((v, i) => (i === index ? text : v)))}
        >
          <EntryButtons
            path={path}
            index={index}
            count={values.length}
            entry={entry}
            move={move}
            remove={(i) => update(values.filter((_, j) => j !== i))}
          />
        </StringEntry>
      ))}
    </ListFrame>
  );
}

function StringEntry({
  path,
  index,
  entry,
  value,
  onChange,
  children,
}: {
  path: string;
  index: number;
  entry: string;
  value: string;
  onChange(text: string): void;
  children: React.ReactNode;
}) {
  const entryPath = `${path}.${index}`;
  const error = useFieldError(entryPath);
  const id = fieldId(entryPath);
  const count = useTextCount(entryPath);
  const describedBy = [error ? errorId(entryPath) : '', countId(id)].filter(Boolean).join(' ');
  return (
    <div className="mt-4 rounded-button border border-line p-3">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {entryLabel(entry, index)}
      </label>
      <input
        id={id}
        type="text"
        className={CONTROL_CLASS}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <TextCount controlId={id} label={entryLabel(entry, index)} count={count} />
      <FieldMessage path={entryPath} />
      {children}
    </div>
  );
}
