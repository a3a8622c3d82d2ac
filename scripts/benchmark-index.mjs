/**
 * `node scripts/benchmark-index.mjs [label]`: Lighthouse's benchmarkIndex of this machine right now,
 * computed by Lighthouse's own page function in Debian's Chromium (median of 3). `npm run bench:api`
 * prints it before and after its figures, so each figure can be read against how fast the machine
 * was (the same kind of machine has been seen anywhere from about 1,000 to 2,900).
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './lib.mjs';

const label = process.argv[2] ?? 'now';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
try {
  const page = await browser.newPage();
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  runs.sort((a, b) => a - b);
  console.log(`Lighthouse benchmarkIndex (${label}): ${Math.round(runs[1])} (runs ${runs.map(Math.round).join('/')})`);
} finally {
  await browser.close();
}
