import { CONTACT_OUTCOME_EVENT, type ContactOutcome, type ContactOutcomeDetail } from '@cardlift/contracts';

/** Tells the page-view report how a contact submission ended (no detail of the form travels). */
export function announceContactOutcome(outcome: ContactOutcome): void {
  dispatchEvent(new CustomEvent<ContactOutcomeDetail>(CONTACT_OUTCOME_EVENT, { detail: { outcome } }));
}
