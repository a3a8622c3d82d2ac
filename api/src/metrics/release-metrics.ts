/**
 * The /metrics series of the release rails and the running build, beside SiteMetrics' own:
 *   cardlift_build_info{version, shell, node, commit} 1   what this instance runs (the usual *_build_info)
 *   cardlift_canary_share_percent{remote, version}        each running canary's share of visitors
 *   cardlift_release_scheduled_timestamp_seconds{remote, version, share}  when a scheduled promotion is due
 *   cardlift_canary_guard_decisions_total{remote, action} the guard's decisions this instance committed
 *   cardlift_lead_store_writable                          1 while the lead store takes writes, 0 when it refuses them
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@cardlift/contracts';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Canary, ScheduledAction } from '../releases/registry-store';
import { REPO_ROOT } from '../platform/config';

export interface ReleaseMetricSources {
  canaries(): ReadonlyMap<RemoteName, Canary>;
  /** Every scheduled promotion (registry database). */
  schedules(): Promise<ScheduledAction[]>;
  leadsWritable(): boolean;
  /** Where shell/dist is read from (SITE_ROOT). */
  siteRoot: string;
}

/** The guard's decisions, as canary-rules.ts names them. */
export const GUARD_ACTIONS = ['step', 'complete', 'rollback', 'hold'] as const;

/** A short digest of the shell build this instance serves, `none` before it is built. */
function shellBuild(siteRoot: string): string {
  try {
    return crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(siteRoot, 'shell', 'dist', 'index.html')))
      .digest('hex')
      .slice(0, 10);
  } catch {
    return 'none';
  }
}

function commitOf(): string {
  try {
    const head = fs.readFileSync(path.join(REPO_ROOT, '.git', 'HEAD'), 'utf8').trim();
    const ref = head.startsWith('ref: ') ? fs.readFileSync(path.join(REPO_ROOT, '.git', head.slice(5)), 'utf8').trim() : head;
    return ref.slice(0, 12);
  } catch {
    return 'unknown';
  }
}

export function releaseMetrics(
  registry: Registry,
  sources: ReleaseMetricSources,
): { guardDecided(remote: RemoteName, action: string): void } {
  const version = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  new Gauge({
    name: 'cardlift_build_info',
    help: 'What this instance runs: the site version, the shell build, Node and the commit (value 1)',
    labelNames: ['version', 'shell', 'node', 'commit'] as const,
    registers: [registry],
  }).set({ version, shell: shellBuild(sources.siteRoot), node: process.version, commit: commitOf() }, 1);
  new Gauge({
    name: 'cardlift_canary_share_percent',
    help: 'Share of visitors served each running canary, in percent',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [remote, canary] of sources.canaries()) this.set({ remote, version: canary.version }, canary.share);
    },
  });
  new Gauge({
    name: 'cardlift_release_scheduled_timestamp_seconds',
    help: 'When each scheduled promotion is due (Unix time); share 100 promotes to every visitor',
    labelNames: ['remote', 'version', 'share'] as const,
    registers: [registry],
    async collect() {
      // A database that cannot answer leaves the figure out of this scrape; /metrics still answers.
      this.reset();
      for (const s of await sources.schedules().catch(() => [])) {
        this.set({ remote: s.remote, version: s.version, share: String(s.share ?? 100) }, Date.parse(s.dueAt) / 1000);
      }
    },
  });
  new Gauge({
    name: 'cardlift_lead_store_writable',
    help: 'Whether the lead store takes writes (1) or refuses them (0): leads are then refused with 503',
    registers: [registry],
    collect() {
      this.set(sources.leadsWritable() ? 1 : 0);
    },
  });
  const decisions = new Counter({
    name: 'cardlift_canary_guard_decisions_total',
    help: "The canary guard's decisions this instance committed, by remote and action (step, complete, rollback)",
    labelNames: ['remote', 'action'] as const,
    registers: [registry],
  });
  for (const remote of REMOTE_NAMES) for (const action of GUARD_ACTIONS) decisions.inc({ remote, action }, 0);
  return { guardDecided: (remote, action) => decisions.inc({ remote, action }) };
}
