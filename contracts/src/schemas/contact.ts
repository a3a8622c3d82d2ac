/**
 * The Talk to Sales form: one schema for the browser form and the api.
 * Messages are the product's copy, word for word; the length bounds guard the database and the inbox.
 */
import { ATTRIBUTION_FIELDS, cleanAttributionValue, type Attribution, type AttributionField } from '../attribution';
import { CONTACT_PAGE_FIELD, CONTACT_VIEW_FIELD, HONEYPOT_FIELD } from '../contact-fields';
import { z } from './z';

export const BUSINESS_HELP_OPTIONS = [
  { value: 'demo-request', label: 'Talk to Sales' },
  { value: 'customer-acquisition', label: 'Customer Acquisition' },
  { value: 'retention-marketing', label: 'Retention Marketing' },
  { value: 'data-insights', label: 'Data & Insights' },
  { value: 'partnership-opportunities', label: 'Partnership Opportunities' },
  { value: 'other', label: 'Other' },
] as const;

export type BusinessHelp = (typeof BUSINESS_HELP_OPTIONS)[number]['value'];
const businessHelpValues = BUSINESS_HELP_OPTIONS.map((o) => o.value) as [BusinessHelp, ...BusinessHelp[]];

export const TEXT_FIELD_MAX = 200;
export const EMAIL_MAX = 254;

/**
 * C0 and C1 control characters (NUL, escape, line breaks...): no name, title or address has one, and
 * PostgreSQL refuses a NUL outright, which would lose the lead after the visitor was told it was sent.
 * Refused up front with a 400 on every store instead.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

function requiredText(label: string, message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TEXT_FIELD_MAX, `${label} must be at most ${TEXT_FIELD_MAX} characters`)
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: `${label} must not contain control characters` });
}

export const contactSchema = z.strictObject({
  firstName: requiredText('First name', 'First name is required'),
  lastName: requiredText('Last name', 'Last name is required'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  jobTitle: requiredText('Job title', 'Job title is required'),
  company: requiredText('Company name', 'Company name is required'),
  businessHelp: z.enum(businessHelpValues, { error: 'Please tell us how we can help' }),
  agreeToUpdates: z.boolean({ error: 'agreeToUpdates must be true or false' }).default(false),
});

/** What the form holds while the visitor types (businessHelp starts empty, which the schema refuses). */
export type ContactFormInput = z.input<typeof contactSchema>;
/** A validated submission. */
export type ContactSubmission = z.output<typeof contactSchema>;

/**
 * Where the visit came from, sent with the form. A bad value must not cost a lead that the visitor
 * cannot fix: unknown keys are dropped, values are cut to their length limit, and a referrer or
 * landing page that is not a URL or a path is dropped. Only what no browser of ours sends is refused
 * (attribution that is not an object, a value that is not text): that is a broken or forged client.
 */
export const attributionSchema = z
  .object(
    Object.fromEntries(
      ATTRIBUTION_FIELDS.map((field) => [
        field,
        z
          .string({ error: `attribution.${field} must be text` })
          .transform((value) => cleanAttributionValue(field, value))
          .optional(),
      ]),
    ) as Record<AttributionField, z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<string | undefined, string>>>>,
    { error: 'attribution must be an object' },
  )
  // Keys whose value was dropped go too, so a stored lead never carries `"referrer": undefined`.
  .transform((raw): Attribution => Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));

/**
 * The request body the api accepts: the form, the optional honeypot, the visit's attribution and the
 * page view's token (anything else there than a plausible token reads as none: it never refuses a lead).
 */
export const contactRequestSchema = contactSchema.extend({
  [HONEYPOT_FIELD]: z.string().max(TEXT_FIELD_MAX).optional(),
  attribution: attributionSchema.optional(),
  [CONTACT_VIEW_FIELD]: z.string().max(4096).optional().catch(undefined),
  [CONTACT_PAGE_FIELD]: z.string().max(4096).optional().catch(undefined),
});

/** 201 response of POST /api/contact. */
export const contactResponseSchema = z.object({ id: z.string(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you soon.";
