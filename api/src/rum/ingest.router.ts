/**
 * The visitors' measurements, taken only from the site's own pages and only for page views it served:
 *
 * - POST RUM_VIEW_PATH trades the page's token (boot data) for a page-view token: 200 `{ view }`,
 *   private. A page token that is not the api's, or not for the snapshot sent, is 403.
 * - POST RUM_PATH: a page view's report. Answers 204 for every report that parses, counted or not (a
 *   bot's, a Global Privacy Control browser's, one over the per-client limit, one without a valid
 *   token, one naming builds its page did not have), so a beacon learns nothing and never retries;
 *   400 for a body that is not JSON, 413 past the size cap, 415 for another content type.
 *
 * Both refuse a request another site's page made a browser send (403; same-site.ts). Nothing about
 * the sender is stored: the address is held in memory by the rate limits, and a view's client is a
 * keyed hash of its network.
 */
import Router from '@koa/router';
import {
  RUM_BODY_LIMIT_BYTES,
  RUM_PATH,
  RUM_VIEW_PATH,
  SHELL_SECTION,
  rumReportSchema,
  rumViewRequestSchema,
  type RumViewAnswer,
} from '@cardlift/contracts';
import type { Context } from 'koa';
import { memoryLimiter, type ContactLimiter } from '../platform/rate-limit';
import { AppError } from '../platform/errors';
import { isBot } from '../platform/bot-filter';
import { clientNetwork } from './client-address';
import { limitKey } from '../platform/address-prefixes';
import type { KnownVersions } from './known-versions';
import type { PageViewTokens, ViewClaims } from './page-view-tokens';
import type { CountedView } from './counted-view';
import { checkReport, type ReportCheckDeps, type ReportRefusal } from './report-checks';
import { readReportBody } from './report-body';
import type { RumAggregator } from './rum-aggregator';
import { fromOwnPage } from './same-site';

/** What becomes of a report: every value is a series of cardlift_rum_reports_total, present from the start. */
export const INGEST_OUTCOMES = [
  'accepted',
  'replayed',
  'bot',
  'gpc',
  'malformed',
  'rate_limited',
  'cross_site',
  'unsigned',
  'expired',
  'mismatch',
  'unknown_version',
] as const satisfies readonly (string | ReportRefusal)[];
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];

export interface IngestOptions extends Omit<ReportCheckDeps, 'now' | 'tokens'> {
  aggregator: RumAggregator;
  known: KnownVersions;
  /** The deployment's tokens, once their key is read at start. */
  tokens(): PageViewTokens | undefined;
  siteOrigin: string;
  /** Reports (and page-view tokens) per minute per client address; 0 for no limit. */
  perMinute: number;
  maxClients: number;
  allowHeadless: boolean;
  onOutcome?: (outcome: IngestOutcome) => void;
  /** A view token issued for a page served in an experiment's arm (its claims name the arm). */
  armViewed?: (view: ViewClaims, ctx: Context) => Promise<void>;
  /** A report accepted for a view (the experiments read its guardrail figures). */
  viewReported?: (view: CountedView) => void;
  now?: () => number;
}

export function rumIngestRouter(options: IngestOptions): Router {
  const router = new Router();
  const limiter = (): ContactLimiter | undefined =>
    options.perMinute > 0 ? memoryLimiter(options.perMinute, options.maxClients) : undefined;
  const reports = limiter();
  const views = limiter();
  const drop = (outcome: IngestOutcome) => options.onOutcome?.(outcome);
  const now = options.now ?? Date.now;
  const crossSite = (): never => {
    drop('cross_site');
    throw new AppError(403, 'cross_site', "Measurements are taken from the site's own pages only");
  };
  /** Whether this request may be measured at all (the visitor's choice, people only, within the limit). */
  const measured = async (ctx: Context, limit: ContactLimiter | undefined): Promise<boolean> => {
    // The browser's Global Privacy Control signal travels as a header too; the shell sends nothing then.
    if (ctx.get('Sec-GPC') === '1') return (drop('gpc'), false);
    if (isBot(ctx.get('User-Agent'), options.allowHeadless)) return (drop('bot'), false);
    try {
      await limit?.consume(limitKey(ctx.ip));
      return true;
    } catch {
      return (drop('rate_limited'), false);
    }
  };

  router.post(RUM_VIEW_PATH, async (ctx) => {
    const body = await readReportBody(ctx, RUM_BODY_LIMIT_BYTES);
    if (!fromOwnPage(ctx, options.siteOrigin)) return crossSite();
    ctx.set('Cache-Control', 'private, no-store');
    if (!(await measured(ctx, views))) return void (ctx.status = 204);
    const request = rumViewRequestSchema.safeParse(body);
    if (!request.success) throw new AppError(400, 'invalid_view_request', 'The page-view request does not match its schema');
    const tokens = options.tokens();
    if (!tokens) throw new AppError(503, 'starting', 'Measurements are not taken yet: the site is starting');
    const { token, ...snapshot } = request.data;
    const page = tokens.checkPage(token, snapshot);
    if (!page.ok)
      throw new AppError(
        403,
        'invalid_page_token',
        `The page token is ${page.reason === 'expired' ? 'too old' : 'not valid for this page'}`,
      );
    // The shell's version is not in the page token: it counts only when it is the shell the site serves.
    const { [SHELL_SECTION]: shell, ...remotes } = snapshot.versions;
    const versions = shell !== undefined && options.known.has(SHELL_SECTION, shell) ? snapshot.versions : remotes;
    const client = tokens.client(clientNetwork(ctx.ip));
    const view = tokens.view({ ...page.value, versions }, client);
    if (page.value.arm !== undefined) {
      const claims = tokens.readView(view);
      // Filed before the token is answered, so the view's report and lead always find it.
      if (claims.ok) await options.armViewed?.(claims.value, ctx);
    }
    ctx.body = { view } satisfies RumViewAnswer;
  });

  router.post(RUM_PATH, async (ctx) => {
    const body = await readReportBody(ctx, RUM_BODY_LIMIT_BYTES);
    if (!fromOwnPage(ctx, options.siteOrigin)) return crossSite();
    ctx.status = 204;
    if (!(await measured(ctx, reports))) return;
    const report = rumReportSchema.safeParse(body);
    if (!report.success) return drop('malformed');
    const tokens = options.tokens();
    if (!tokens) return drop('unsigned');
    const checked = checkReport(report.data, { ...options, tokens, now });
    if (!checked.ok) return drop(checked.outcome);
    options.aggregator.add(checked.view);
    options.viewReported?.(checked.view);
    drop('accepted');
  });
  return router;
}
