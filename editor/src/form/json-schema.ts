/**
 * The form is drawn from the JSON schema zod generates from each kind's contract schema, so a field
 * added to a schema appears in the editor with no form code. This module reads that JSON schema:
 * which control a node needs, its label, the empty value of a new item, and the clean-up of what
 * the controls hold (blank optional text, a cleared number) before the schema checks it.
 */
import { z } from 'zod';
import { CONTENT_KIND_SCHEMAS, type ContentKind, type EditorWidget } from '@cardlift/contracts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minItems?: number;
  title?: string;
  description?: string;
  widget?: EditorWidget;
  /** Set on an image's alt text, decorative mark and caption: drawn with the image (`heroImage`), not on their own. */
  imageOf?: string;
}

const cache = new Map<ContentKind, JsonSchema>();

/** The input shape of a kind (fields with a default are optional, as a person may leave them). */
export function kindJsonSchema(kind: ContentKind): JsonSchema {
  let schema = cache.get(kind);
  if (!schema) {
    schema = z.toJSONSchema(CONTENT_KIND_SCHEMAS[kind], { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cache.set(kind, schema);
  }
  return schema;
}

/** `X | null` (a banner that may be absent): X, else undefined. */
export function nullableInner(schema: JsonSchema): JsonSchema | undefined {
  if (!schema.anyOf || schema.anyOf.length !== 2) return undefined;
  const inner = schema.anyOf.find((s) => s.type !== 'null');
  return schema.anyOf.some((s) => s.type === 'null') ? inner : undefined;
}

/** "heroImage" -> "Hero image": the schema's own title when it has one. */
export function labelFor(name: string, schema: JsonSchema): string {
  if (schema.title) return schema.title;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a new item's control starts with: defaults, one entry in a list that needs one, blanks. */
export function emptyValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (nullableInner(schema)) return null;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = emptyValue(schema.properties?.[key] ?? {});
      return value;
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 && schema.items ? [emptyValue(schema.items)] : [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return undefined;
    default:
      return '';
  }
}

const isBlank = (value: unknown) => value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value));

/**
 * The controls' values as the schema expects them: a blank optional field is left out (an empty text
 * box means "none", not an empty text the schema would refuse), a cleared number is absent, and a
 * date-time control's local time becomes an ISO time. Required blanks stay, so the schema names them.
 */
export function cleanValue(schema: JsonSchema, value: unknown): unknown {
  const inner = nullableInner(schema);
  if (inner) return value === null ? null : cleanValue(inner, value);
  if (schema.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const required = new Set(schema.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(value)) {
      const property = schema.properties?.[key] ?? {};
      const cleaned = cleanValue(property, raw);
      if (isBlank(cleaned) && !required.has(key)) continue;
      // An optional yes/no left unticked is no answer (a "decorative" mark), not an answer "no" to store.
      if (cleaned === false && property.type === 'boolean' && property.default === undefined && !required.has(key)) continue;
      out[key] = cleaned;
    }
    return out;
  }
  if (schema.type === 'array' && Array.isArray(value)) return value.map((entry) => cleanValue(schema.items ?? {}, entry));
  if ((schema.type === 'number' || schema.type === 'integer') && typeof value === 'string') return value === '' ? undefined : Number(value);
  if (schema.format === 'date-time' && typeof value === 'string' && value && !/[zZ]|[+-]\d\d:\d\d$/.test(value)) {
    const time = new Date(value);
    return Number.isNaN(time.getTime()) ? value : time.toISOString();
  }
  return value;
}
