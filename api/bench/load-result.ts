/** What the bench reads of an autocannon run, and how it prints one: one line per run, same columns. */
export interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

export type Load = (opts: Record<string, unknown>) => Promise<LoadResult>;

export const resultLine = (name: string, r: LoadResult) =>
  `  ${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
