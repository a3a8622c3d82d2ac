/**
 * Groups of fields: an object as a fieldset with its legend, and a group that may be absent (an
 * optional call to action, a banner that may be null) behind an "Include" checkbox.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldMessage } from './field-frame';
import { fieldId } from './field-errors';
import { emptyValue, type JsonSchema } from './json-schema';
import { PropertyFields } from './schema-field';

export const FIELDSET_CLASS = 'mt-6 rounded-lg border border-line bg-white p-4';
export const LEGEND_CLASS = 'px-1 text-base font-semibold text-ink';

export function ObjectFields({ path, legend, schema }: { path: string; legend: string; schema: JsonSchema }) {
  return (
    <fieldset className={FIELDSET_CLASS} id={fieldId(path)} tabIndex={-1}>
      <legend className={LEGEND_CLASS}>{legend}</legend>
      <FieldMessage path={path} />
      <PropertyFields path={path} schema={schema} />
    </fieldset>
  );
}

interface OptionalGroupProps {
  path: string;
  label: string;
  schema: JsonSchema;
  /** What "not included" is for this field: null (the schema allows null) or left out. */
  absent: null | undefined;
}

export function OptionalGroup({ path, label, schema, absent }: OptionalGroupProps) {
  const { setValue } = useFormContext();
  const value = useWatch({ name: path }) as unknown;
  const included = value !== null && value !== undefined;
  const toggleId = `${fieldId(path)}-include`;
  return (
    <fieldset className={FIELDSET_CLASS} id={fieldId(path)} tabIndex={-1}>
      <legend className={LEGEND_CLASS}>{label}</legend>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={toggleId}
          type="checkbox"
          className="size-5 accent-primary"
          checked={included}
          onChange={(e) => setValue(path, e.target.checked ? emptyValue(schema) : absent, { shouldDirty: true })}
        />
        <label htmlFor={toggleId} className="text-sm font-medium text-ink">
          Include {label.toLowerCase()}
        </label>
      </div>
      <FieldMessage path={path} />
      {included && <PropertyFields path={path} schema={schema} />}
    </fieldset>
  );
}
