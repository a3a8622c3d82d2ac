/** Property tests of the contact schema: whatever arrives, it never throws and accepts only sane leads. */
import fc from 'fast-check';
import { BUSINESS_HELP_OPTIONS, contactRequestSchema, contactSchema, EMAIL_MAX, TEXT_FIELD_MAX } from './contact';

const text = fc.string({ minLength: 1, maxLength: TEXT_FIELD_MAX }).filter((s) => s.trim().length > 0);
// fast-check's emailAddress() covers all of RFC 5322 (e.g. `!#@a.aa`); the schema's check is the
// practical one of zod, so generate the addresses people actually type.
const localPart = fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,20}[a-z0-9])?$/).filter((s) => !s.includes('..'));
const domain = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?\.(?:com|org|io|co\.uk|example)$/);
const email = fc
  .tuple(localPart, domain)
  .map(([l, d]) => `${l}@${d}`)
  .filter((e) => e.length <= EMAIL_MAX);
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

/**
 * What arrives at the api: mostly leads a person could send (padded with spaces, any script, some
 * with one field swapped for arbitrary JSON or a control character), plus arbitrary JSON. Random JSON
 * alone practically never forms a valid lead, so the checks on accepted leads would never run.
 */
const padded = fc.tuple(
  fc.constantFrom('', ' ', '  \t'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: TEXT_FIELD_MAX + 20 }),
  fc.constantFrom('', ' ', '\n '),
);
const paddedText = padded.map(([before, core, after]) => `${before}${core}${after}`);
const submission = fc.oneof(
  {
    weight: 4,
    arbitrary: validLead.chain((lead) => fc.record({ firstName: paddedText, company: paddedText }).map((texts) => ({ ...lead, ...texts }))),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(validLead, fc.constantFrom('firstName', 'lastName', 'email', 'jobTitle', 'company', 'agreeToUpdates'), fc.jsonValue())
      .map(([lead, key, v]) => ({ ...lead, [key]: v })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        validLead,
        fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f),
      )
      .map(([lead, c]) => ({ ...lead, company: `Acme${String.fromCharCode(c)}Ltd` })),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
);

describe('contact schema (property based)', () => {
  it('never throws on what arrives, and whatever it accepts is bounded, trimmed and free of control characters', () => {
    let accepted = 0;
    fc.assert(
      fc.property(submission, (value) => {
        const result = contactRequestSchema.safeParse(value);
        if (!result.success) return;
        accepted += 1;
        for (const key of ['firstName', 'lastName', 'jobTitle', 'company'] as const) {
          const v = result.data[key];
          expect(v.length).toBeGreaterThan(0);
          expect(v.length).toBeLessThanOrEqual(TEXT_FIELD_MAX);
          expect(v).toBe(v.trim());
          // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
          expect(v).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        }
      }),
      { numRuns: 500 },
    );
    // The checks above ran on a good share of the inputs, not on none of them.
    expect(accepted).toBeGreaterThan(100);
  });

  it('refuses a control character in any text field, naming that field', () => {
    const fields = ['firstName', 'lastName', 'jobTitle', 'company'] as const;
    fc.assert(
      fc.property(
        validLead,
        fc.constantFrom(...fields),
        fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f),
        (lead, field, c) => {
          const result = contactSchema.safeParse({ ...lead, [field]: `a${String.fromCharCode(c)}b` });
          expect(result.success).toBe(false);
          if (!result.success) expect(result.error.issues[0]?.path).toEqual([field]);
        },
      ),
      { numRuns: 300 },
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
