/**
 * A valid Talk to Sales submission for the api's tests and benches: every required field filled,
 * `overrides` naming one lead apart from the others (its name or e-mail, a field under test).
 */
import type { ContactFormInput } from '@cardlift/contracts';

export function contactSubmission(overrides: Partial<ContactFormInput> = {}): ContactFormInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    jobTitle: 'CTO',
    company: 'Engines Ltd',
    businessHelp: 'other',
    ...overrides,
  };
}
