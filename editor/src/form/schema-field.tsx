/**
 * One node of the JSON schema as controls, chosen by what the node is (never by the field's name),
 * so the form follows the schema: objects are fieldsets, lists get Add / Remove / Up / Down, a value
 * that may be absent gets an "Include" switch, and leaves get the control their type asks for.
 */
import { ObjectArrayField, StringArrayField } from './array-fields';
import { ObjectFields, OptionalGroup } from './group-fields';
import { BlogPostField } from './blog-post-field';
import { ImageField } from './image-field';
import { labelFor, nullableInner, type JsonSchema } from './json-schema';
import { CheckboxField, LongTextField, NumberField, SelectField, TextField } from './leaf-fields';

export interface SchemaFieldProps {
  path: string;
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** Set when a list names its entries ("Section 2") instead of the property's name. */
  label?: string;
  /** An image whose object has its alt text, decorative mark and caption (`<name>Alt`...): drawn with it. */
  withTexts?: boolean;
}

export function SchemaField({ path, name, schema, required, label = labelFor(name, schema), withTexts = false }: SchemaFieldProps) {
  const inner = nullableInner(schema);
  if (inner) return <OptionalGroup path={path} label={label} schema={inner} absent={null} />;
  if (schema.type === 'object') {
    if (!required) return <OptionalGroup path={path} label={label} schema={schema} absent={undefined} />;
    return <ObjectFields path={path} legend={label} schema={schema} />;
  }
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    return items.type === 'object' ? (
      <ObjectArrayField path={path} label={label} name={name} schema={schema} />
    ) : (
      <StringArrayField path={path} label={label} name={name} schema={schema} />
    );
  }
  const leaf = { path, label, optional: !required, schema };
  if (schema.enum) return <SelectField {...leaf} />;
  if (schema.type === 'boolean') return <CheckboxField {...leaf} />;
  if (schema.type === 'number' || schema.type === 'integer') return <NumberField {...leaf} />;
  if (schema.widget === 'image') return <ImageField {...leaf} withTexts={withTexts} />;
  if (schema.widget === 'blog-post') return <BlogPostField {...leaf} />;
  if (schema.widget === 'long-text' || schema.widget === 'bulleted-text') return <LongTextField {...leaf} />;
  return <TextField {...leaf} />;
}

/** The properties of an object node, in the schema's order. */
export function PropertyFields({ path, schema }: { path: string; schema: JsonSchema }) {
  const required = new Set(schema.required ?? []);
  const properties = Object.values(schema.properties ?? {});
  return (
    <>
      {Object.entries(schema.properties ?? {})
        .filter(([, property]) => !property.imageOf)
        .map(([key, property]) => (
          <SchemaField
            key={key}
            path={path ? `${path}.${key}` : key}
            name={key}
            schema={property}
            // A field with a default may be left as it is; it is shown like a required one.
            required={required.has(key) || property.default !== undefined}
            // Only an image the schema gives texts gets their controls: others' would be dropped on save.
            withTexts={properties.some((other) => other.imageOf === key)}
          />
        ))}
    </>
  );
}
