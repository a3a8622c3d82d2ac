/**
 * POST /api/rum: a page view's report. Answers 204 for every report that parses, kept or not (a
 * bot's, a Global Privacy Control browser's, one over the per-client limit, one that fails the
 * schema), so a beacon learns nothing and never retries; 400 for a body that is not JSON, 413 past
 * the size cap, 415 for another content type. Nothing about the sender is stored: the address is
 * held in memory only by the rate limit.
 */
import Router from '@koa/router';
import { RUM_BODY_LIMIT_BYTES, RUM_PATH, rumReportSchema } from '@cardlift/contracts';
import { memoryLimiter, type ContactLimiter } from '../leads/rate-limit';
import { isBot } from './bot-filter';
import { readReportBody } from './report-body';
import type { RumAggregator } from './rum-aggregator';

/** What becomes of a report: every value is a series of cardlift_rum_reports_total, present from the start. */
export const INGEST_OUTCOMES = ['accepted', 'bot', 'gpc', 'malformed', 'rate_limited'] as const;
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];

export interface IngestOptions {
  aggregator: RumAggregator;
  /** Reports per minute per client address; 0 for no limit. */
  perMinute: number;
  maxClients: number;
  allowHeadless: boolean;
  onOutcome?: (outcome: IngestOutcome) => void;
}

export function rumIngestRouter(options: IngestOptions): Router {
  const router = new Router();
  const limiter: ContactLimiter | undefined = options.perMinute > 0 ? memoryLimiter(options.perMinute, options.maxClients) : undefined;
  const drop = (outcome: IngestOutcome) => options.onOutcome?.(outcome);

  router.post(RUM_PATH, async (ctx) => {
    const body = await readReportBody(ctx, RUM_BODY_LIMIT_BYTES);
    ctx.status = 204;
    // The browser's Global Privacy Control signal travels as a header too; the shell sends nothing then.
    if (ctx.get('Sec-GPC') === '1') return drop('gpc');
    if (isBot(ctx.get('User-Agent'), options.allowHeadless)) return drop('bot');
    if (limiter) {
      try {
        await limiter.consume(ctx.ip);
      } catch {
        return drop('rate_limited');
      }
    }
    const report = rumReportSchema.safeParse(body);
    if (!report.success) return drop('malformed');
    options.aggregator.add(report.data);
    drop('accepted');
  });
  return router;
}
