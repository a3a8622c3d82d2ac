/**
 * The page view's measurement, started with the shell (in the start bundle, so it must stay tiny):
 * it decides whether this view reports at all (Global Privacy Control, the sample rate), notes what
 * can happen before the reporter loads (uncaught errors, failed remote loads, the contact form's
 * outcome, the moment the page became interactive), and loads the reporter, with web-vitals, as a
 * chunk of its own once the page is interactive and the browser is idle: it costs the start nothing.
 */
import { CONTACT_OUTCOME_EVENT, CONTACT_OUTCOMES, rumContext, type ContactOutcome, type RumPageContext } from '@cardlift/contracts';
import { INTERACTIVE_ATTRIBUTE } from '../layout/mark-interactive';

export interface PageViewState {
  context: RumPageContext;
  /** Milliseconds from navigation start to `<html data-interactive>`. */
  tti?: number;
  /** The URL of the file behind each uncaught error or rejection ('' when none is known). */
  errorSources: string[];
  remoteFailures: Map<string, number>;
  contactOutcomes: ContactOutcome[];
  /** Loads of a file an older build had, recovered from (a document navigation, a reload offered): not errors. */
  skewRecovered: number;
}

/** More than this per page view tells nothing more, and a report stays small. */
export const MAX_NOTES = 100;

let view: PageViewState | undefined;

/** Counts a remote whose code could not be loaded (the federation's load-error plugin calls it). */
export function noteRemoteFailure(remote: string): void {
  if (view) view.remoteFailures.set(remote, Math.min(MAX_NOTES, (view.remoteFailures.get(remote) ?? 0) + 1));
}

/**
 * Recoveries by document navigation, left in sessionStorage by the page that navigated (it ends
 * before it can report) for the page view that follows to report.
 */
export const SKEW_RECOVERED_KEY = 'cardlift-skew-recovered';

/** Counts a load that failed because the site was updated since the page loaded, and was recovered from. */
export function noteSkewRecovered(): void {
  if (view) view.skewRecovered = Math.min(MAX_NOTES, view.skewRecovered + 1);
}

/** Takes the recoveries the page before this one left to report. */
function recoveredBefore(): number {
  try {
    const left = Number(sessionStorage.getItem(SKEW_RECOVERED_KEY) ?? 0);
    sessionStorage.removeItem(SKEW_RECOVERED_KEY);
    return Number.isFinite(left) ? Math.min(MAX_NOTES, left) : 0;
  } catch {
    return 0;
  }
}

/** The first script URL in an error's stack (`at f (https://...:1:2)` in Chromium, `f@https://...:1:2` in Firefox). */
function stackSource(error: unknown): string {
  const stack = error instanceof Error ? error.stack : undefined;
  return /(https?:\/\/[^\s()]+?):\d+:\d+/.exec(stack ?? '')?.[1] ?? '';
}

function whenInteractive(run: () => void): void {
  const root = document.documentElement;
  if (root.hasAttribute(INTERACTIVE_ATTRIBUTE)) return run();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(INTERACTIVE_ATTRIBUTE)) return;
    observer.disconnect();
    run();
  });
  observer.observe(root, { attributes: true, attributeFilter: [INTERACTIVE_ATTRIBUTE] });
}

export function startPageView(): void {
  const context = rumContext();
  if (!context || view) return;
  const skewRecovered = recoveredBefore();
  // The visitor asked not to be tracked: nothing is noted, loaded or sent.
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return;
  if (Math.random() >= context.sampleRate) return;
  const state: PageViewState = { context, errorSources: [], remoteFailures: new Map(), contactOutcomes: [], skewRecovered };
  view = state;
  const noteError = (source: string) => void (state.errorSources.length < MAX_NOTES && state.errorSources.push(source));
  addEventListener('error', (event) => noteError(event.filename || stackSource(event.error)));
  addEventListener('unhandledrejection', (event) => noteError(stackSource(event.reason)));
  addEventListener(CONTACT_OUTCOME_EVENT, (event) => {
    const outcome = (event as CustomEvent<{ outcome?: unknown }>).detail?.outcome as ContactOutcome;
    if (CONTACT_OUTCOMES.includes(outcome) && state.contactOutcomes.length < 10) state.contactOutcomes.push(outcome);
  });
  whenInteractive(() => {
    state.tti = performance.now();
    const load = () => void import(/* webpackChunkName: "rum-reporter" */ './reporter').then((reporter) => reporter.startReporter(state));
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
    else setTimeout(load, 0);
  });
}
