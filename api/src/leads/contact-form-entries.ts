/**
 * A form posted without script (application/x-www-form-urlencoded) read as the JSON route's body, so
 * the same schema judges it with the same messages: text fields as typed, the checkbox as present or
 * not, the honeypot, and the hidden attribution fields the page carried.
 */
import {
  ATTRIBUTION_FIELDS,
  CONTACT_ENTRY_FIELDS,
  contactRequestSchema,
  HONEYPOT_FIELD,
  type ContactEntryField,
  type ContactFormEntries,
} from '@cardlift/contracts';
import { z } from 'zod';
import type { ContactRequest } from './lead-service';

type Posted = Record<string, unknown>;

/** A field's value; a name sent twice counts once (its first value). */
function text(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function postedEntries(body: Posted): ContactFormEntries {
  const entries = Object.fromEntries(CONTACT_ENTRY_FIELDS.map((field) => [field, text(body[field]) ?? ''])) as Record<
    ContactEntryField,
    string
  >;
  // A ticked checkbox is sent (as "on"), an unticked one is not.
  return { ...entries, agreeToUpdates: body.agreeToUpdates !== undefined };
}

export type PostedContact = { entries: ContactFormEntries } & (
  { ok: true; request: ContactRequest } | { ok: false; errors: Partial<Record<ContactEntryField, string>>; formError?: string }
);

export function readPostedContact(body: Posted): PostedContact {
  const entries = postedEntries(body);
  const attribution = Object.fromEntries(ATTRIBUTION_FIELDS.flatMap((field) => (text(body[field]) ? [[field, text(body[field])]] : [])));
  const honeypot = text(body[HONEYPOT_FIELD]);
  const result = contactRequestSchema.safeParse({
    ...entries,
    ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
    attribution,
  });
  if (result.success) return { ok: true, entries, request: result.data };
  const { fieldErrors } = z.flattenError(result.error) as { fieldErrors: Partial<Record<string, string[]>> };
  const errors: Partial<Record<ContactEntryField, string>> = {};
  for (const field of CONTACT_ENTRY_FIELDS) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  // What no field shows (an overlong honeypot, say) is said once, above the button.
  const other = result.error.issues.find((issue) => !CONTACT_ENTRY_FIELDS.includes(issue.path[0] as ContactEntryField));
  return { ok: false, entries, errors, ...(other ? { formError: other.message } : {}) };
}
