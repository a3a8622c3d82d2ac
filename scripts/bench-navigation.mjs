/**
 * `npm run bench:nav -- --baseline=<built checkout>`: a client-side navigation from the home page to
 * a product page whose code was prefetched (the visitor opened the Products menu and rested on the
 * link), timed from the click to the new page's heading drawn, in real Chromium with the CPU slowed
 * down. The same steps run on this checkout's builds and on the baseline's (e.g. main's), runs
 * interleaved so a machine slowing down part-way weighs on both alike; prints the median of each with
 * Lighthouse's benchmarkIndex (how fast the machine was) of each run. Figures, not pass/fail.
 *
 *   --baseline=DIR     another checkout, built (`npm run build` there), served the same way
 *   --runs=N           runs per site (default 3)
 *   --cpu-slowdown=N   CPU multiplier (default 4, Lighthouse's mobile setting)
 *   --to=/path         the product page (default /products/offers-api)
 */
import { chromium } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM } from './lib.mjs';
import { REPO_ROOT, startSite } from './serve-built-site.mjs';

const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Resolves, in the page, with ms from the next click to the first frame drawn with another `main h1`. */
function armClickToHeading() {
  const before = document.querySelector('main h1')?.textContent;
  window.__navMs = new Promise((resolve) => {
    document.addEventListener(
      'click',
      (event) => {
        const clicked = event.timeStamp;
        const check = () => {
          const heading = document.querySelector('main h1')?.textContent;
          if (!heading || heading === before) return false;
          observer.disconnect();
          requestAnimationFrame((frame) => resolve(frame - clicked));
          return true;
        };
        const observer = new MutationObserver(check);
        if (!check()) observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      { capture: true, once: true },
    );
  });
}

/** Waits until the page has had no request in flight for `quietMs` (the prefetch done, or none made). */
async function networkQuiet(page, quietMs = 1000) {
  let inFlight = 0;
  let last = Date.now();
  const start = () => ((inFlight += 1), (last = Date.now()));
  const end = () => ((inFlight -= 1), (last = Date.now()));
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  while (inFlight > 0 || Date.now() - last < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
  page.off('request', start);
  page.off('requestfinished', end);
  page.off('requestfailed', end);
}

async function navigationRun(browser, baseUrl, to, cpuSlowdown) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('html[data-interactive]', { state: 'attached' });
    const benchmarkIndex = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await networkQuiet(page);
    const header = page.getByTestId('site-header');
    await header.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
    const link = header.locator(`a[href="${to}"]`).first();
    await link.hover();
    await networkQuiet(page);
    await page.evaluate(armClickToHeading);
    // Scripts asked for after the click: none when the prefetch brought the page's code.
    let scripts = 0;
    const count = (request) => (scripts += request.resourceType() === 'script' ? 1 : 0);
    page.on('request', count);
    await link.click();
    const ms = await page.evaluate(() => window.__navMs);
    page.off('request', count);
    if (new URL(page.url()).pathname !== to) throw new Error(`ended on ${page.url()}`);
    return { ms: Math.round(ms), scripts, benchmarkIndex: Math.round(benchmarkIndex) };
  } finally {
    await page.context().close();
  }
}

async function main() {
  const baseline = option('baseline');
  if (!baseline) throw new Error('--baseline=<a built checkout> is required: the figure means something only beside it');
  const runs = Number(option('runs', '3'));
  const cpuSlowdown = Number(option('cpu-slowdown', '4'));
  const to = option('to', '/products/offers-api');
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'error' };
  const sites = [
    { name: 'this checkout', site: await startSite(env, REPO_ROOT), runs: [] },
    { name: `baseline (${baseline})`, site: await startSite(env, baseline), runs: [] },
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const { site } of sites) await (await fetch(`${site.baseUrl}/`)).arrayBuffer();
    for (let run = 1; run <= runs; run++) {
      for (const entry of sites) {
        entry.runs.push(await navigationRun(browser, entry.site.baseUrl, to, cpuSlowdown));
        console.error(`run ${run}/${runs} ${entry.name}: ${JSON.stringify(entry.runs.at(-1))}`);
      }
    }
  } finally {
    await browser.close();
    for (const { site } of sites) await site.stop();
  }
  console.log(`\nClient navigation / -> ${to}, prefetched (menu opened, link hovered, network quiet), CPU ${cpuSlowdown}x`);
  console.log(`click to the new page's heading drawn, median of ${runs}; bi = benchmarkIndex of each run\n`);
  console.log('| site | medianMs | runsMs | scriptsAfterClick | bi |\n|---|---|---|---|---|');
  for (const { name, runs: r } of sites) {
    const each = (key) => r.map((x) => x[key]).join('/');
    console.log(`| ${name} | ${median(r.map((x) => x.ms))} | ${each('ms')} | ${each('scripts')} | ${each('benchmarkIndex')} |`);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
