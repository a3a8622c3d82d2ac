/**
 * A page view's report (POST /api/rum): one schema for the api's check and the shell's types. Every
 * field is bounded, so a report can never name more keys than the aggregation can hold.
 */
import { REMOTE_NAMES } from '../remotes';
import { RELEASE_VERSION_PATTERN } from '../registry';
import { CONTACT_OUTCOMES, OTHER_SECTION, SHELL_SECTION } from '../rum';
import { z } from './z';

const section = z.enum([...REMOTE_NAMES, SHELL_SECTION]);
const milliseconds = z.number().finite().min(0).max(600_000);
const count = z.int().min(1).max(100);
/** The route pattern or static path, never a query string; `*` for a page that was not found. */
const route = z
  .string()
  .max(200)
  .regex(/^(?:\/[^?#\s]*|\*)$/);
/** The version of every build on the page: the shell's and each remote's, as the registry served them. */
const versions = z.partialRecord(section, z.string().regex(RELEASE_VERSION_PATTERN));
/** A token the api signed: base64url parts joined by dots. */
const signed = z
  .string()
  .max(1000)
  .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/);

/** POST RUM_VIEW_PATH: the page's token and the snapshot it was signed over (`RumViewRequest`). */
export const rumViewRequestSchema = z.strictObject({ token: signed, route, section, versions });
export type RumViewRequest = z.infer<typeof rumViewRequestSchema>;

export const rumReportSchema = z.strictObject({
  /** The page view's token (RUM_VIEW_PATH's answer): a report without a valid one is not counted. */
  view: signed,
  route,
  section,
  versions,
  device: z.enum(['phone', 'desktop']),
  connection: z.enum(['slow-2g', '2g', '3g', '4g']).optional(),
  metrics: z.strictObject({
    lcp: milliseconds.optional(),
    inp: milliseconds.optional(),
    cls: z.number().finite().min(0).max(100).optional(),
    fcp: milliseconds.optional(),
    ttfb: milliseconds.optional(),
    tti: milliseconds.optional(),
  }),
  /**
   * Uncaught errors and unhandled rejections, by the section whose file threw. The api counts a page
   * view with any as one view with errors: a report cannot weigh more than the one view it is.
   */
  errors: z.partialRecord(z.enum([...REMOTE_NAMES, SHELL_SECTION, OTHER_SECTION]), count).optional(),
  /** Remotes whose code could not be loaded, and how often. */
  remoteFailures: z.partialRecord(z.enum(REMOTE_NAMES), count).optional(),
  contactOutcomes: z.array(z.enum(CONTACT_OUTCOMES)).max(10).optional(),
  /**
   * Loads of a file an older build had (the site was updated since the page loaded) that the page
   * recovered from: a document navigation, or a reload offered. Counted apart from errors, so a
   * release is not judged on the tabs opened before it.
   */
  skewRecovered: count.optional(),
});

export type RumReport = z.infer<typeof rumReportSchema>;
