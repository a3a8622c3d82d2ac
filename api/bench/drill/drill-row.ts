/**
 * One line of `npm run drill`: a fault the api must survive, what should happen and what did.
 *
 * Two kinds of finding. `pass` is correctness (a lead lost, a wrong status, files stored or served
 * from a broken state): a row that fails it fails the run. `latency` is how long something took,
 * judged against the idle figure measured at the start of the same run on the same machine, never
 * against a fixed number: on a shared machine the scheduler alone can delay an answer by hundreds of
 * milliseconds. A slow row is reported with the machine's load and advice; it does not fail the run.
 */
export interface DrillRow {
  fault: string;
  expected: string;
  observed: string;
  /** Leads answered 201 during the drill, where leads are involved. */
  acknowledged?: number;
  /** Of those, how many the store holds afterwards. */
  stored?: number;
  /** Correctness: false fails the run. */
  pass: boolean;
  /** How long the timed part took, against the budget this run's idle figure sets. */
  latency?: { what: string; ms: number; budgetMs: number };
}

/** The idle figure of this run: the slowest /api/health answer of an api doing nothing else. */
export interface IdleBaseline {
  worstMs: number;
}

/**
 * A latency finding: within `times` the idle figure (and never under `floorMs`, below which a
 * difference is noise).
 */
export function timed(what: string, ms: number, idle: IdleBaseline, options: { times?: number; floorMs?: number } = {}) {
  const budgetMs = Math.round(Math.max(options.floorMs ?? 100, (options.times ?? 3) * idle.worstMs));
  return { what, ms: Math.round(ms), budgetMs };
}

export const isSlow = (row: DrillRow) => row.latency !== undefined && row.latency.ms > row.latency.budgetMs;
