/**
 * Real-user measurement: what a page view reports, kept free of zod so the shell's reporter can read
 * it without the schema library (the api checks reports with `rumReportSchema`, schemas/rum.ts).
 */
import type { RemoteName } from './remotes';
import type { TimelineExperiment } from './schemas/experiments';

/** Where the shell sends a page view's report (one beacon per page view, on page hide). */
export const RUM_PATH = '/api/rum';

/**
 * Where a page's measuring code exchanges the page's signed token (`RumPageContext.token`) for a
 * page-view token of its own: one per page view, which its report carries and the api counts once.
 * The page's HTML names no visitor (so a shared cache may keep it); this answer is private.
 */
export const RUM_VIEW_PATH = '/api/rum/view';

/**
 * The most a timing can plausibly be; a report's timings are clamped to these (milliseconds, CLS
 * unitless) before they are counted, so one report cannot drag a percentile to any value it likes.
 */
export const RUM_TIMING_CEILINGS = { lcp: 60_000, inp: 10_000, cls: 5, fcp: 60_000, ttfb: 30_000, tti: 120_000 } as const;

/** Largest report the api reads; a page view's report is a few hundred bytes. */
export const RUM_BODY_LIMIT_BYTES = 4096;

/** The shell's own pages and files; a remote's are named by the remote. */
export const SHELL_SECTION = 'shell';
/** Errors thrown by a file that is none of the site's builds (an extension, an inline script). */
export const OTHER_SECTION = 'other';
export type RumSection = RemoteName | typeof SHELL_SECTION;

/** Timings a report may carry: web vitals, and time to interactive (the page's `data-interactive`). */
export const RUM_TIMINGS = ['lcp', 'inp', 'cls', 'fcp', 'ttfb', 'tti'] as const;
export type RumTiming = (typeof RUM_TIMINGS)[number];

/** The contact form's outcomes, as the form announces them with CONTACT_OUTCOME_EVENT. */
export const CONTACT_OUTCOMES = ['stored', 'refused', 'failed'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/**
 * A DOM CustomEvent on `window` whose detail is `{ outcome }`: the contact form dispatches it when a
 * submission is answered (stored: 201; refused: a 4xx such as invalid input or the rate limit;
 * failed: a 5xx or no answer), and the reporter counts it.
 */
export const CONTACT_OUTCOME_EVENT = 'cardlift:contact-outcome';
export interface ContactOutcomeDetail {
  outcome: ContactOutcome;
}

/** The route a page no route answers reports (a 404). */
export const NOT_FOUND_ROUTE = '*';

/** What the api tells a page about measuring it, in the boot data (`BootData.rum`). */
export interface RumPageContext {
  /** The page's route pattern (`/blog/:id`), or its path when it is static. */
  route: string;
  /** Whose page it is. */
  section: RumSection;
  /** Share of page views that report, 0 to 1 (RUM_SAMPLE_RATE). */
  sampleRate: number;
  /**
   * The api's signature over what the page was built from (the versions of its builds, its section
   * and route) and the hour it was issued: traded at RUM_VIEW_PATH for a page-view token. Absent on
   * pages that are not measured (a previewed candidate).
   */
  token?: string;
}

/** RUM_VIEW_PATH's answer: the page view's own token, for its report. */
export interface RumViewAnswer {
  view: string;
}

/** One version's figures in GET /api/releases/{remote}/health. */
export interface VersionHealth {
  version: string;
  current: boolean;
  /** The canary's share of visitors (percent), on the running canary's entry only. */
  share?: number;
  views: number;
  /** 75th percentiles, null without a sample: LCP and INP in milliseconds, CLS unitless. */
  p75: { lcp: number | null; inp: number | null; cls: number | null };
  /** Page views in which this version's files threw (uncaught errors, unhandled rejections), per 100 page views. */
  errorsPer100: number | null;
  /** Page views in which this version's code could not be loaded. */
  remoteFailures: number;
  /** Page views of this version that recovered from files of an older build gone since they loaded (not errors). */
  skewRecovered?: number;
  formOutcomes: Record<ContactOutcome, number>;
  /** Pages of this version the api rendered on its servers, and of those how many failed (threw, timed out, ran out of memory, crashed). */
  serverRenders: { renders: number; failures: number };
}

/** A running canary and what the guard last concluded about it (its rule, and why). */
export interface CanaryHealth {
  version: string;
  share: number;
  /** When the share began (ISO time): the guard compares figures since then. */
  since: string;
  guard: { action: 'hold' | 'step' | 'complete' | 'rollback'; rule: string; reason: string; at: string } | null;
  /**
   * What the guard waits for: the page views each side has had since the share began against the
   * CANARY_MIN_VIEWS it needs, and when the next step is due (null: a person promotes, or it waits for views).
   */
  progress?: { minViews: number; views: { canary: number; current: number }; nextStepDue: string | null } | null;
}

export interface ReleaseHealth {
  remote: RemoteName;
  hours: number;
  current: string | null;
  canary: CanaryHealth | null;
  versions: VersionHealth[];
}

const PUBLISHED_RUM = '__cardliftRum';
type WithRum = typeof globalThis & { [PUBLISHED_RUM]?: Readonly<RumPageContext> };

/** Called by the boot script with the page's boot data (which it consumes), for the shell's reporter. */
export function publishRumContext(context: RumPageContext | undefined): void {
  if (context) (globalThis as WithRum)[PUBLISHED_RUM] = context;
}

/** The page's measurement context, or undefined where the api sent none (a dev server, a test). */
export function rumContext(): Readonly<RumPageContext> | undefined {
  return (globalThis as WithRum)[PUBLISHED_RUM];
}

/** One slot of a version's timeline: figures of the page views that started in it. */
export interface TimelineSlot {
  /** When the slot starts (ISO time); it lasts `ReleaseTimeline.slotMinutes`. */
  start: string;
  views: number;
  /** 75th percentiles, null without a sample: LCP and INP in milliseconds, CLS unitless. */
  p75: { lcp: number | null; inp: number | null; cls: number | null };
  errorsPer100: number | null;
}

/**
 * The registry's moves a timeline marks: a release, a candidate stored, a canary started and each
 * step, a promotion, a rollback, and a promotion scheduled, cancelled or refused at its time. A guard
 * decision is one of these with the actor `guard` and its rule.
 */
export const TIMELINE_ACTIONS = [
  'release',
  'candidate',
  'canary',
  'step',
  'promote',
  'rollback',
  'schedule',
  'unschedule',
  'schedule-refused',
  'hold',
] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

export interface TimelineEvent {
  action: TimelineAction;
  version: string;
  /** The version served before (null for the first release). */
  fromVersion: string | null;
  actor: string;
  at: string;
  /** A guard decision's rule (`bake-elapsed`, `errors-worse`...), else absent. */
  rule?: string;
  /** A scheduled action's time and share, or why it was refused; a step's new share. */
  note?: string;
}

/** GET /api/releases/{remote}/health/timeline: each version's figures slot by slot, and the moves between them. */
export interface ReleaseTimeline {
  remote: RemoteName;
  hours: number;
  slotMinutes: number;
  /** Start of the first slot and end of the last one (the current slot, still filling). */
  from: string;
  to: string;
  current: string | null;
  /** Versions with page views in the window (and the current one), each with every slot of the window. */
  versions: { version: string; current: boolean; slots: TimelineSlot[] }[];
  events: TimelineEvent[];
  /** Experiments started, stopped, switched off by a guardrail or shipped on this section's pages (`timelineExperimentsSchema`). */
  experiments?: TimelineExperiment[];
}
