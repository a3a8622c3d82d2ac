/**
 * The skew window: a file a page referenced stays served for `retentionMs` after the last page naming
 * its build was sent, on every instance. Before a page goes out, the builds it names are recorded as
 * kept until now + the window + a margin; the record is written again only once the margin has been
 * used up, so a build costs one small write per margin per instance, not one per page, and a page is
 * never sent naming a build whose record ends before the window does.
 */
import type { Logger } from '../platform/logger';
import type { BuildRef } from '../releases/build-ids';
import type { BuildReferenceStore } from './build-references';

/** How far past the window each record reaches: at most one write per build per this long. */
const MARGIN_MS = 10 * 60_000;

export class SkewWindow {
  private readonly written = new Map<string, number>();
  private readonly marginMs: number;

  constructor(
    private readonly store: () => Promise<BuildReferenceStore>,
    readonly retentionMs: number,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.marginMs = Math.min(MARGIN_MS, retentionMs);
  }

  /** Before a page naming `builds` is sent: each is kept past the window from now. */
  async pageSent(builds: readonly BuildRef[]): Promise<void> {
    const now = this.now();
    const due = builds.filter((build) => (this.written.get(key(build)) ?? 0) < now + this.retentionMs);
    if (due.length === 0) return;
    const until = now + this.retentionMs + this.marginMs;
    try {
      await (await this.store()).keep(due, until);
      for (const build of due) this.written.set(key(build), until);
    } catch (error) {
      // The page goes out all the same: its builds are the live ones, which the sweep never takes.
      this.logger.warn({ err: error }, 'could not record the builds a page names; they stay while live');
    }
  }

  /** Whether a page sent by any instance may still ask for `build`'s files. */
  async inUse(build: BuildRef): Promise<boolean> {
    const until = (await (await this.store()).keptUntil(build.remote)).get(build.version) ?? 0;
    return until > this.now();
  }
}

const key = (build: BuildRef) => `${build.remote}@${build.version}`;
