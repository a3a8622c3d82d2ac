/**
 * POST /api/contact as a TanStack mutation, and the message a failure shows
 *: the server's `error` text; 'Failed to submit form' when the server said nothing
 * usable; the generic sentence when the request never got an answer.
 */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, HONEYPOT_FIELD, siteConfig, type ContactResponse, type ContactSubmission } from '@cardlift/contracts';
import { apiRequest, HttpError } from '@cardlift/shell/ui';
import { visitAttribution } from '../attribution/visit-attribution';
import { announceContactOutcome } from '../rum/contact-outcome';
import { leadViewHeaders } from '../rum/lead-view';

export const CONTACT_PATH = API_PATHS.contact;
export const SUBMIT_FALLBACK_MESSAGE = 'Failed to submit form';
export const SUBMIT_GENERIC_MESSAGE = 'There was an error submitting your form. Please try again.';

export type ContactPayload = ContactSubmission & { [HONEYPOT_FIELD]?: string };

/** apiRequest throws HttpError('status: body'); the body is the api's `{ error }` JSON. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.message.replace(/^\d{3}: /, '');
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' && parsed.error.trim()) {
        return parsed.error;
      }
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): fall through to the fallback.
    }
    return SUBMIT_FALLBACK_MESSAGE;
  }
  return SUBMIT_GENERIC_MESSAGE;
}

/**
 * What the form itself says, beside the toast, when a message could not be stored: the site or the
 * network failed (a 5xx, a cache answering for origins that are all down, no answer at all), not the
 * entries. Undefined for a refusal the entries or the limit explain (4xx), which the toast tells.
 */
export function unsentMessage(error: unknown): string | undefined {
  if (error instanceof HttpError && error.status < 500) return undefined;
  const reason = error instanceof HttpError ? submitErrorMessage(error) : SUBMIT_GENERIC_MESSAGE;
  const said = reason === SUBMIT_FALLBACK_MESSAGE ? 'We could not take your message just now.' : reason;
  return `Your message was not sent. ${said} Everything you typed is still here: send it again in a few minutes, or email us at ${siteConfig.salesEmail}.`;
}

export function useSubmitContact() {
  return useMutation({
    mutationFn: async (payload: ContactPayload): Promise<ContactResponse> => {
      // Where the visit came from travels with the form (the privacy policy says so).
      // So is the page view it was sent from, for the release's own count of stored leads (lead-view.ts).
      const response = await apiRequest('POST', CONTACT_PATH, { ...payload, attribution: visitAttribution() }, leadViewHeaders());
      return (await response.json()) as ContactResponse;
    },
    // For the page-view report: stored, refused by the api (4xx), or failed (5xx, no answer).
    onSuccess: () => announceContactOutcome('stored'),
    onError: (error) => announceContactOutcome(error instanceof HttpError && error.status < 500 ? 'refused' : 'failed'),
  });
}
