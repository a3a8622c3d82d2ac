/**
 * `npm run drill`: runs the faults the api must survive, each against a fresh data directory on this
 * machine only (127.0.0.1), and prints a table: fault, expected, observed, leads acknowledged and
 * stored, and the result. It first measures the idle figure (/api/health of an api doing nothing)
 * that the latency rows are judged against. Exits 1 when a correctness row fails, so it can gate a
 * deploy; a slow row is reported with the machine's load and what to do, and does not fail it.
 */
import os from 'node:os';
import { measureIdle } from './idle-baseline';
import { leadDrills } from './lead-drills';
import { releaseDrills } from './release-drills';
import { isSlow, type DrillRow } from './drill-row';

function table(rows: DrillRow[]): string {
  const cell = (v: unknown) => String(v ?? '').replace(/\|/g, '\\|');
  const lines = [
    '| fault | expected | observed | acknowledged | stored | timing (budget) | result |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const timing = r.latency ? `${r.latency.what} ${r.latency.ms} ms (${r.latency.budgetMs} ms)` : '';
      const result = !r.pass ? 'FAIL' : isSlow(r) ? 'slow' : 'pass';
      return `| ${[r.fault, r.expected, r.observed, r.acknowledged ?? '', r.stored ?? '', timing, result].map(cell).join(' | ')} |`;
    }),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const idle = await measureIdle();
  console.log(`Idle figure of this run: /api/health answers in ${Math.round(idle.worstMs)} ms at worst (${load()}).\n`);
  const rows = [...(await leadDrills(idle)), ...(await releaseDrills(idle))];
  console.log(table(rows));
  const failed = rows.filter((r) => !r.pass).length;
  const slow = rows.filter((r) => r.pass && isSlow(r)).length;
  if (slow)
    console.log(
      `\n${slow} row(s) slower than their budget (three times this run's idle figure) while ${load()}. ` +
        'Nothing was lost or answered wrong. If the machine was busy, run the drill again when it is idle; ' +
        'if it was idle, the api blocked its event loop: profile the fault that was slow (node --cpu-prof).',
    );
  console.log(`\n${rows.length - failed} passed, ${failed} failed${slow ? `, ${slow} slow` : ''}`);
  process.exit(failed ? 1 : 0);
}

function load(): string {
  const [one] = os.loadavg();
  return `the load average was ${one!.toFixed(1)} on ${os.availableParallelism()} cores`;
}

main().catch((error: unknown) => {
  console.error(`drill failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
