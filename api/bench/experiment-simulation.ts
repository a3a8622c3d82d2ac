/**
 * A simulated experiment, read as the results endpoint reads one: 20,000 visitors over 20 days from
 * 250 client networks, split 50/50 by the real assignment hash, each network held to
 * CANARY_MAX_CLIENT_SHARE's default (0.1) of an arm, judged every day by the always-valid test.
 * Prints the days to a decision with B at +20 % lead rate, and the false-positive rate of A/A runs.
 *   npx tsx api/bench/experiment-simulation.ts [runs]
 */
import { heldArm } from '../src/experiments/experiment-results';
import type { ArmClientRow } from '../src/experiments/experiment-store';
import { assignArm } from '../src/experiments/stats/assignment';
import { mixingScale, sequentialTest } from '../src/experiments/stats/sequential';
import { seededRandom } from '../test/seeded-random';

const VISITORS = 20_000;
const DAYS = 20;
const CLIENTS = 250;
const BASELINE = 0.05;
const ALPHA = 0.05;
const runs = Number(process.argv[2] ?? 200);

/** The day B was declared different (null: no decision in DAYS days). */
function run(seed: number, lift: number): number | null {
  const random = seededRandom(seed);
  const rows = new Map<string, ArmClientRow>();
  const tau = mixingScale(BASELINE, 0.2);
  let p = 1;
  const perDay = VISITORS / DAYS;
  for (let day = 1; day <= DAYS; day++) {
    for (let i = 0; i < perDay; i++) {
      const visitor = `${seed}-${day}-${i}`;
      const arm = assignArm(`sim-${seed}`, visitor, 1, [1, 1]) === 0 ? 'control' : 'B';
      // Networks differ in size, as real ones do: a few offices send many visitors.
      const client = `c${Math.floor(CLIENTS * random() ** 2)}`;
      const key = `${arm} ${client}`;
      const row = rows.get(key) ?? { arm, client, visitors: 0, views: 0, conversions: 0, erroredViews: 0, failedLoads: 0 };
      row.visitors++;
      row.views += 1 + Math.floor(random() * 3);
      if (random() < BASELINE * (arm === 'B' ? 1 + lift : 1)) row.conversions++;
      rows.set(key, row);
    }
    const arms = ['control', 'B'].map((arm) =>
      heldArm(
        [...rows.values()].filter((row) => row.arm === arm),
        0.1,
      ),
    );
    const [control, b] = arms.map((a) => ({ units: a.visitors, conversions: a.leads })) as [
      { units: number; conversions: number },
      { units: number; conversions: number },
    ];
    p = sequentialTest(control, b, tau, p).p;
    if (p < ALPHA) return day;
  }
  return null;
}

const started = performance.now();
const decided = Array.from({ length: runs }, (_, i) => run(1000 + i, 0.2));
const days = decided.filter((d): d is number => d !== null).sort((a, b) => a - b);
const falsePositives = Array.from({ length: runs }, (_, i) => run(5000 + i, 0)).filter((d) => d !== null).length;
const median = days.length ? days[Math.floor(days.length / 2)] : null;
console.log(`B at +20 % on a ${BASELINE * 100} % baseline, ${VISITORS} visitors over ${DAYS} days from ${CLIENTS} networks, ${runs} runs:`);
console.log(
  `  decided within ${DAYS} days: ${((100 * days.length) / runs).toFixed(1)} % of runs; median day of decision ${median ?? 'none'}`,
);
console.log(
  `A/A, ${runs} runs read daily: false positives ${falsePositives} (${((100 * falsePositives) / runs).toFixed(1)} %, alpha ${ALPHA * 100} %)`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
