/**
 * What the contact form sends to name the page view it was posted from, so the api counts the lead
 * for the builds this visitor saw: the view token once the reporter has traded the page's token for
 * one; before that (a fast visitor, a view the sample left out), the page field the server HTML
 * carries beside the form (the page token with what it signs), from which the api makes the view at
 * the post. Sent as headers (CONTACT_VIEW_HEADER), which an instance of the previous release ignores.
 * Nothing when the visitor asked not to be tracked. It never stops a lead: any failure
 * sends the form without it.
 */
import { CONTACT_FORM_ID, CONTACT_PAGE_FIELD, CONTACT_PAGE_HEADER, CONTACT_VIEW_HEADER } from '@cardlift/contracts';

let viewToken: string | undefined;

/** Called by the reporter with the view token it was given. */
export function noteViewToken(token: string): void {
  viewToken = token;
}

export function leadViewHeaders(): Record<string, string> {
  try {
    if (viewToken) return { [CONTACT_VIEW_HEADER]: viewToken };
    if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return {};
    const field = document.querySelector<HTMLInputElement>(`input[form="${CONTACT_FORM_ID}"][name="${CONTACT_PAGE_FIELD}"]`);
    return field?.value ? { [CONTACT_PAGE_HEADER]: field.value } : {};
  } catch {
    return {};
  }
}
