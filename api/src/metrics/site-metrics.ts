/**
 * GET /metrics in the Prometheus text format (prom-client): requests by kind and status with their
 * latency, the render pool's queue, latency and cache hits, the lead outbox's backlog and age, the
 * canary guard's notices still to send or given up on, leads stored and failed, the version each
 * remote is served at, and the visitors' figures per section version over the last hour (p75 LCP,
 * INP and CLS, errors per 100 views). Figures read from the database are read when Prometheus
 * scrapes, not kept up to date in between.
 * Conventions: Node's default process and runtime series keep their usual names (process_*,
 * nodejs_*) so stock dashboards find them; every counter ends in `_total` and is present from the
 * start at 0 for each label it knows; the release rails' series are in release-metrics.ts.
 * Served by metrics.router.ts.
 */
import type { Middleware } from 'koa';
import type { LeadOutcome } from '../leads/lead-service';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RUM_PATH } from '@cardlift/contracts';
import type { NoticeBacklog } from '../releases/release-notices';
import type { CurrentVersions } from '../serving/remote-registry';
import { INGEST_OUTCOMES, type IngestOutcome } from '../rum/ingest.router';
import { figuresBySectionVersion, type VersionFigures } from '../rum/release-health';
import type { KnownVersions } from '../rum/known-versions';
import { RUM_COUNTERS, type RumAggregator } from '../rum/rum-aggregator';
import type { RumStore } from '../rum/rum-store';
import { releaseMetrics, type ReleaseMetricSources } from './release-metrics';

export const METRICS_PATH = '/metrics';
/** The visitors' figures on /metrics cover this many minutes before the scrape. */
export const RUM_METRICS_WINDOW_MINUTES = 60;

const ROUTE_KINDS = ['page', 'api', 'asset', 'rum'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];
const LEAD_OUTCOMES: readonly LeadOutcome[] = ['stored', 'failed'];

export function routeKind(path: string): RouteKind {
  if (path === RUM_PATH) return 'rum';
  if (path === '/api' || path.startsWith('/api/') || path === METRICS_PATH) return 'api';
  if (path.startsWith('/assets/') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path)) return 'asset';
  return 'page';
}

export interface MetricsSources extends ReleaseMetricSources {
  queueSize(): number;
  rumStore(): Promise<RumStore>;
  aggregator: RumAggregator;
  servedVersions(): CurrentVersions;
  /** Every section's version pages are rendered with now (releases and checkout builds alike). */
  renderedVersions(): Iterable<readonly [string, string]>;
  /** The canary guard's notices still to send, or given up on (registry database). */
  releaseNotices(): Promise<NoticeBacklog>;
  /** The versions the site knows of each section: figures of no other are listed. */
  knownVersions: Pick<KnownVersions, 'has' | 'refresh'>;
}

export class SiteMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'cardlift_http_requests_total',
    help: 'Requests answered, by route kind and status',
    labelNames: ['kind', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'cardlift_http_request_duration_seconds',
    help: 'Time to answer a request, by route kind',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly leads = new Counter({
    name: 'cardlift_leads_total',
    help: 'Talk to Sales leads, by either route (JSON or the form posted without script): stored, or failed to store',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly renders = new Histogram({
    name: 'cardlift_render_duration_seconds',
    help: 'Server renders run by the render pool (cache misses), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
    registers: [this.registry],
  });
  private readonly renderCache = new Counter({
    name: 'cardlift_render_cache_total',
    help: 'Page bodies asked of the render cache, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  /** Created at 0 for each served version at every scrape, so a section's first failure is a rate's step. */
  private readonly renderFailures = new Counter({
    name: 'cardlift_section_render_failures_total',
    help: "Server renders a section's code failed (threw, ran past its deadline or memory, or crashed its renderer), by section and version",
    labelNames: ['remote', 'version'] as const,
    registers: [this.registry],
    collect: () => {
      for (const [remote, version] of this.sources.renderedVersions()) this.renderFailures.inc({ remote, version }, 0);
    },
  });
  private readonly rumReports = new Counter({
    name: 'cardlift_rum_reports_total',
    help: 'Page-view reports received, by what became of them',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly release: ReturnType<typeof releaseMetrics>;

  constructor(private readonly sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    const { registry } = this;
    this.zeroCounters();
    this.release = releaseMetrics(registry, sources);
    const renderCache = this.renderCache;
    new Gauge({
      name: 'cardlift_render_queue_depth',
      help: 'Renders waiting for a renderer process',
      registers: [registry],
      collect() {
        this.set(sources.queueSize());
      },
    });
    new Gauge({
      name: 'cardlift_render_cache_hit_ratio',
      help: 'Share of page bodies answered from the render cache since start',
      registers: [registry],
      async collect() {
        const counts = await renderCache.get();
        const of = (result: string) => counts.values.find((v) => v.labels.result === result)?.value ?? 0;
        const total = of('hit') + of('miss');
        this.set(total > 0 ? of('hit') / total : 0);
      },
    });
    this.outboxGauges();
    new Gauge({
      name: 'cardlift_remote_served_version',
      help: 'The version each remote is served at (value 1; the checkout build when absent)',
      labelNames: ['remote', 'version'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [remote, version] of sources.servedVersions()) this.set({ remote, version }, 1);
      },
    });
    let dropped = 0;
    new Counter({
      name: 'cardlift_rum_buffer_dropped_total',
      help: 'Report counts dropped because the in-memory aggregation buffer was full',
      registers: [registry],
      collect() {
        // The aggregator counts; the counter follows it at each scrape.
        const now = sources.aggregator.dropped;
        if (now > dropped) this.inc(now - dropped);
        dropped = now;
      },
    });
    this.rumGauges();
  }

  /** Counters at 0 for every label value they know, so a rate() has a series before the first event. */
  private zeroCounters(): void {
    for (const kind of ROUTE_KINDS) for (const status of ['200', '404', '500', '503']) this.requests.inc({ kind, status }, 0);
    for (const outcome of LEAD_OUTCOMES) this.leads.inc({ outcome }, 0);
    for (const result of ['hit', 'miss']) this.renderCache.inc({ result }, 0);
    for (const outcome of INGEST_OUTCOMES) this.rumReports.inc({ outcome }, 0);
  }

  private outboxGauges(): void {
    const gauge = this.backlogGauges(() => this.sources.rumStore().then((store) => store.outboxBacklog()));
    gauge('cardlift_outbox_pending', 'Lead announcements waiting to be delivered', (b) => b.pending);
    gauge('cardlift_outbox_failed', 'Lead announcements given up on', (b) => b.failed);
    gauge('cardlift_outbox_oldest_pending_age_seconds', 'Age of the oldest lead still waiting to be announced', (b) =>
      b.oldestPendingAt === null ? 0 : Math.max(0, (Date.now() - b.oldestPendingAt) / 1000),
    );
    const notice = this.backlogGauges(() => this.sources.releaseNotices());
    notice('cardlift_release_notices_pending', 'Canary guard decisions waiting to be announced to the team', (b) => b.pending);
    notice('cardlift_release_notices_failed', 'Canary guard decisions the release webhook never took', (b) => b.failed);
  }

  /** Gauges of one backlog, read once per scrape whichever of them is collected first (other features' too). */
  backlogGauges<B>(read: () => Promise<B>) {
    const { registry } = this;
    let reading: Promise<B> | undefined;
    const backlog = () => (reading ??= read().finally(() => setImmediate(() => (reading = undefined))));
    return (name: string, help: string, value: (b: B) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          // A database that cannot answer leaves the figure out of this scrape; /metrics still answers.
          this.reset();
          const read = await backlog().catch(() => undefined);
          if (read) this.set(value(read));
        },
      });
  }

  private rumGauges(): void {
    const { sources, registry } = this;
    let reading: Promise<ReturnType<typeof figuresBySectionVersion>> | undefined;
    const figures = () =>
      (reading ??= sources
        .rumStore()
        .then(async (store) => {
          const [totals] = await Promise.all([
            store.totals(Math.floor(Date.now() / 60_000) - RUM_METRICS_WINDOW_MINUTES),
            sources.knownVersions.refresh(),
          ]);
          // Only versions the site knows: the series are bounded by the registry, never by senders.
          return figuresBySectionVersion(totals.filter((t) => sources.knownVersions.has(t.section, t.version)));
        })
        .finally(() => setImmediate(() => (reading = undefined))));
    const labelNames = ['section', 'version'] as const;
    const perVersion = (name: string, help: string, value: (f: VersionFigures) => number | null) =>
      new Gauge({
        name,
        help: `${help}, per section version, over the last ${RUM_METRICS_WINDOW_MINUTES} minutes`,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const [section, versions] of await figures().catch(() => new Map<string, Map<string, VersionFigures>>()))
            for (const [version, f] of versions) {
              const v = value(f);
              if (v !== null) this.set({ section, version }, v);
            }
        },
      });
    perVersion('cardlift_rum_views', 'Page views reported', (f) => f.count(RUM_COUNTERS.views) || null);
    perVersion('cardlift_rum_lcp_p75_seconds', 'p75 Largest Contentful Paint', (f) => seconds(f.p75('lcp')));
    perVersion('cardlift_rum_inp_p75_seconds', 'p75 Interaction to Next Paint', (f) => seconds(f.p75('inp')));
    perVersion('cardlift_rum_cls_p75', 'p75 Cumulative Layout Shift', (f) => f.p75('cls'));
    perVersion('cardlift_rum_errors_per_100_views', 'Page views in which the version threw an uncaught error, per 100 page views', (f) =>
      f.errorsPer100(),
    );
  }

  /** Counts and times every request; outermost, so it sees the status the error handler chose. */
  middleware(): Middleware {
    return async (ctx, next) => {
      const stop = process.hrtime.bigint();
      let status = 500;
      try {
        await next();
        status = ctx.status;
      } finally {
        const kind = routeKind(ctx.path);
        this.requests.inc({ kind, status: String(status) });
        this.latency.observe({ kind }, Number(process.hrtime.bigint() - stop) / 1e9);
      }
    };
  }

  /** A lead stored or failed, counted where it happens (the lead service), whichever route took it. */
  leadOutcome(outcome: LeadOutcome): void {
    this.leads.inc({ outcome });
  }

  rendered(seconds: number, ok: boolean): void {
    this.renders.observe({ outcome: ok ? 'rendered' : 'failed' }, seconds);
  }

  renderFailed(remote: string, version: string): void {
    this.renderFailures.inc({ remote, version });
  }

  cacheAnswered(hit: boolean): void {
    this.renderCache.inc({ result: hit ? 'hit' : 'miss' });
  }

  reportReceived(outcome: IngestOutcome, reports = 1): void {
    this.rumReports.inc({ outcome }, reports);
  }
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
