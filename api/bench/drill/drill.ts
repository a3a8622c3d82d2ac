/**
 * `npm run drill`: runs the faults the api must survive, each against a fresh data directory on this
 * machine only (127.0.0.1), and prints a table: fault, expected, observed, leads acknowledged and
 * stored. Exits 1 when any row fails, so it can gate a deploy.
 */
import { leadDrills } from './lead-drills';
import { releaseDrills } from './release-drills';
import type { DrillRow } from './drill-row';

function table(rows: DrillRow[]): string {
  const cell = (v: unknown) => String(v ?? '').replace(/\|/g, '\\|');
  const lines = [
    '| fault | expected | observed | acknowledged | stored | result |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${[r.fault, r.expected, r.observed, r.acknowledged ?? '', r.stored ?? '', r.pass ? 'pass' : 'FAIL'].map(cell).join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const rows = [...(await leadDrills()), ...(await releaseDrills())];
  console.log(table(rows));
  const failed = rows.filter((r) => !r.pass).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`drill failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
