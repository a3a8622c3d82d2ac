/**
 * Where this visit came from, kept for the visit only (sessionStorage: no cookie, nothing that
 * outlives the tab) and sent with the Talk to Sales form. Recorded once, on the first page of the
 * visit: later pages of the same visit do not overwrite it.
 */
import { cleanAttribution, UTM_PARAMETERS, type Attribution } from '@cardlift/contracts';

export const ATTRIBUTION_STORAGE_KEY = 'cardlift:visit-attribution';

/**
 * The attribution of a visit that starts at `landing`. The landing page is its path only: its UTM
 * values are kept on their own, and any other query parameter (an ad click id, a pre-filled e-mail)
 * is nothing we said we would keep. The referrer counts only when it is another site.
 */
export function attributionFor(landing: URL, referrer: string): Attribution {
  const raw: Record<string, string> = { landingPage: landing.pathname };
  for (const [field, parameter] of Object.entries(UTM_PARAMETERS)) {
    const value = landing.searchParams.get(parameter);
    if (value !== null) raw[field] = value;
  }
  try {
    if (referrer && new URL(referrer).origin !== landing.origin) raw.referrer = referrer;
  } catch {
    // Not a URL: no referrer.
  }
  return cleanAttribution(raw);
}

/** Records the visit's attribution unless this visit already has it. */
export function rememberVisitAttribution(storage: Storage = window.sessionStorage): void {
  try {
    if (storage.getItem(ATTRIBUTION_STORAGE_KEY) !== null) return;
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(attributionFor(new URL(window.location.href), document.referrer)));
  } catch {
    // Storage blocked or full: the lead simply goes without attribution.
  }
}

/** The visit's attribution, as recorded ({} when none was). */
export function visitAttribution(storage: Storage = window.sessionStorage): Attribution {
  try {
    const raw = storage.getItem(ATTRIBUTION_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? cleanAttribution(parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
