/**
 * The contact form's state after a post made without script (thanks, or the entries with their
 * messages), as the server rendered the page with it: the server render sets it from its input, the
 * browser from the data block the api inlined beside it, so hydration finds the same form.
 */
import { atom } from 'jotai';
import { INLINE_CONTACT_FORM_ELEMENT_ID, type ContactFormState } from '@cardlift/contracts';
import { takeInlineJson } from '../inline-json';

export const contactFormStateAtom = atom<ContactFormState | undefined>(undefined);

/** The state inlined into this page, if any (only pages answering a form post carry one). */
export function readInlineContactFormState(): ContactFormState | undefined {
  const state = takeInlineJson(INLINE_CONTACT_FORM_ELEMENT_ID);
  if (!state || typeof state !== 'object') return undefined;
  const status = (state as { status?: unknown }).status;
  return status === 'sent' || status === 'invalid' ? (state as ContactFormState) : undefined;
}
