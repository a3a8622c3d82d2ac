/** Property tests of the contact schema: whatever arrives, it never throws and accepts only sane leads. */
import fc from 'fast-check';
import { BUSINESS_HELP_OPTIONS, contactRequestSchema, contactSchema, EMAIL_MAX, TEXT_FIELD_MAX } from './contact';

const text = fc.string({ minLength: 1, maxLength: TEXT_FIELD_MAX }).filter((s) => s.trim().length > 0);
// fast-check's emailAddress() covers all of RFC 5322 (e.g. `!#@a.aa`); the schema's check is the
// practical one of zod, so generate the addresses people actually type.
const localPart = fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,20}[a-z0-9])?$/).filter((s) => !s.includes('..'));
const domain = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?\.(?:com|org|io|co\.uk|example)$/);
const email = fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`).filter((e) => e.length <= EMAIL_MAX);
const validLead = fc.record(
  {
    firstName: text,
    lastName: text,
    email,
    jobTitle: text,
    company: text,
    businessHelp: fc.constantFrom(...BUSINESS_HELP_OPTIONS.map((o) => o.value)),
    agreeToUpdates: fc.boolean(),
  },
  { requiredKeys: ['firstName', 'lastName', 'email', 'jobTitle', 'company', 'businessHelp'] },
);

describe('contact schema (property based)', () => {
  it('never throws on arbitrary JSON, and whatever it accepts is bounded and trimmed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = contactRequestSchema.safeParse(value);
        if (!result.success) return;
        for (const key of ['firstName', 'lastName', 'jobTitle', 'company'] as const) {
          const v = result.data[key];
          expect(v.length).toBeGreaterThan(0);
          expect(v.length).toBeLessThanOrEqual(TEXT_FIELD_MAX);
          expect(v).toBe(v.trim());
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every well-formed lead, defaulting agreeToUpdates to false', () => {
    fc.assert(
      fc.property(validLead, (lead) => {
        const result = contactSchema.safeParse(lead);
        expect(result.success).toBe(true);
        if (result.success) expect(result.data.agreeToUpdates).toBe(lead.agreeToUpdates ?? false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a lead with any one required field blanked, naming that field', () => {
    const fields = ['firstName', 'lastName', 'email', 'jobTitle', 'company', 'businessHelp'] as const;
    fc.assert(
      fc.property(validLead, fc.constantFrom(...fields), fc.constantFrom('', '   ', undefined), (lead, field, blank) => {
        const result = contactSchema.safeParse({ ...lead, [field]: blank });
        expect(result.success).toBe(false);
        if (!result.success) expect(result.error.issues[0]?.path).toEqual([field]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any unknown key and any over-long text', () => {
    fc.assert(
      fc.property(
        validLead,
        fc.string({ minLength: 1 }).filter((k) => !(k in contactRequestSchema.shape) && k !== '__proto__'),
        fc.jsonValue(),
        (lead, key, value) => {
          expect(contactRequestSchema.safeParse({ ...lead, [key]: value }).success).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(validLead, fc.integer({ min: TEXT_FIELD_MAX + 1, max: 5000 }), (lead, n) => {
        expect(contactSchema.safeParse({ ...lead, company: 'x'.repeat(n) }).success).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});
