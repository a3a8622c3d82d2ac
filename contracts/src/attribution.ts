/**
 * Lead attribution: where a visit came from (UTM parameters, the external referrer) and the page it
 * started on, kept for the visit in the browser's sessionStorage (no cookie) and sent with the Talk to
 * Sales form. Zod-free, so the first download of every page can record it; the api's schema
 * (schemas/contact.ts) applies the same rules.
 */

/** The UTM parameters kept, by field name. */
export const UTM_PARAMETERS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
} as const;

export type UtmField = keyof typeof UTM_PARAMETERS;
export const ATTRIBUTION_FIELDS = [...(Object.keys(UTM_PARAMETERS) as UtmField[]), 'referrer', 'landingPage'] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Partial<Record<AttributionField, string>>;

/** Campaign names are short; a URL may be long but is not a document. Longer values are cut, not refused. */
export const ATTRIBUTION_TEXT_MAX = 200;
export const ATTRIBUTION_URL_MAX = 500;

export const ATTRIBUTION_MAX: Record<AttributionField, number> = {
  utmSource: ATTRIBUTION_TEXT_MAX,
  utmMedium: ATTRIBUTION_TEXT_MAX,
  utmCampaign: ATTRIBUTION_TEXT_MAX,
  utmTerm: ATTRIBUTION_TEXT_MAX,
  utmContent: ATTRIBUTION_TEXT_MAX,
  referrer: ATTRIBUTION_URL_MAX,
  landingPage: ATTRIBUTION_URL_MAX,
};

/** How each field reads in the e-mail to sales. */
export const ATTRIBUTION_LABELS: Record<AttributionField, string> = {
  utmSource: 'Source',
  utmMedium: 'Medium',
  utmCampaign: 'Campaign',
  utmTerm: 'Term',
  utmContent: 'Content',
  referrer: 'Referrer',
  landingPage: 'Landing page',
};

/** A field's value as it may be stored, or undefined when nothing usable is left. */
export function cleanAttributionValue(field: AttributionField, raw: string): string | undefined {
  // Control characters have no place in a campaign name or a URL, and would garble the CSV or e-mail.
  const value = raw
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, ATTRIBUTION_MAX[field]);
  if (value === '') return undefined;
  if (field === 'referrer' && !/^https?:\/\//i.test(value)) return undefined;
  if (field === 'landingPage' && (!value.startsWith('/') || value.startsWith('//'))) return undefined;
  return value;
}

/** The cleaned fields of `raw` (a string map, as read from a URL or storage); unknown keys are left out. */
export function cleanAttribution(raw: Partial<Record<string, unknown>>): Attribution {
  const clean: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = raw[field];
    const cleaned = typeof value === 'string' ? cleanAttributionValue(field, value) : undefined;
    if (cleaned !== undefined) clean[field] = cleaned;
  }
  return clean;
}
