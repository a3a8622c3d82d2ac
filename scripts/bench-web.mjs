/**
 * `npm run bench:web`: builds the site, serves it, and runs Lighthouse (mobile emulation, simulated
 * throttling) on one page of each kind in Debian's Chromium, each page several times; prints the
 * median per page with Lighthouse's benchmarkIndex (how fast this machine was), then the medians.
 * Kept out of `npm test`: figures, not pass/fail. Measure on an otherwise idle machine.
 *
 *   --no-build          measure the current builds
 *   --only=/,/invest    only those pages
 *   --runs=N            runs per page (default 3)
 *   --cpu-slowdown=N    Lighthouse's CPU multiplier (default 4, its mobile setting)
 *   --static            also measure each page frozen to HTML with inlined CSS and no scripts, and
 *                       print the site/static ratio of LCP and performance
 *   --no-click          skip the early-press checks (the Products menu on each page and the first
 *                       FAQ question pressed before hydration ends, the form's fields on /#contact)
 *   --no-lighthouse     only the early-press checks
 *   --rum-cost          also measure each page on a second site with RUM_SAMPLE_RATE=0 (no page view
 *                       reports, so the reporter and web-vitals never load) and print what measuring
 *                       real visits costs: TBT and script bytes with and without
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { contactFormArrival, earlyClick, earlyFaqPress, FAQ_PAGE } from './bench-web/early-click.mjs';
import { lighthouseRun } from './bench-web/lighthouse-run.mjs';
import { rumStartBytes } from './bench-web/rum-start-bytes.mjs';
import { startStaticMirror } from './bench-web/static-mirror.mjs';
import { CHROMIUM as CHROME_PATH } from './lib.mjs';
import { REPO_ROOT, startSite } from './serve-built-site.mjs';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const flag = (name) => process.argv.includes(`--${name}`);

async function pagesToMeasure(baseUrl) {
  const jobs = await (await fetch(`${baseUrl}/api/jobs`)).json().catch(() => []);
  const caseStudies = await (await fetch(`${baseUrl}/api/casestudies`)).json().catch(() => []);
  return [
    '/',
    '/products/card-linked-offers',
    '/solutions/retail',
    '/case-studies',
    `/case-studies/${caseStudies[0]?.id ?? 'sling-tv-case-study'}`,
    '/blog/offers-api-announcement',
    '/company/careers',
    `/company/careers/${jobs[0]?.slug ?? 'unknown'}`,
    '/invest',
  ];
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The run whose performance score is the median one: its other figures are printed beside it. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.perf - b.perf || a.tbtMs - b.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function measure(url, port, cpuSlowdown) {
  // One retry: the first Lighthouse run in a fresh Chromium occasionally reports no paint at all.
  return lighthouseRun(url, port, { cpuSlowdown }).catch((error) => {
    console.error(`retrying after: ${error.message}`);
    return lighthouseRun(url, port, { cpuSlowdown });
  });
}

/**
 * Asks for each page once and waits: the api compresses a page at brotli's best quality in the
 * background after its first request (page-compression.ts), and every later visitor gets that copy.
 * The bench measures what they get, not the first request after a start.
 */
async function warmUp(baseUrl, paths) {
  for (const path of paths) await (await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

function printTable(columns, rows) {
  console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
}

/** The Lighthouse table: the median run of each page, and the median of the pages. */
function printLighthouse(paths, results, { runs, cpuSlowdown, mirror }) {
  console.log(
    `\nLighthouse mobile, CPU slowdown ${cpuSlowdown}x, median of ${runs} run(s) per page (figures of the median-performance run; bi = benchmarkIndex of each run)\n`,
  );
  const rows = paths.map((page) => {
    const { site: siteRuns, static: staticRuns } = results.get(page);
    const m = medianRun(siteRuns);
    const row = {
      page,
      ...m,
      perf: median(siteRuns.map((r) => r.perf)),
      lcpMs: median(siteRuns.map((r) => r.lcpMs)),
      tbtMs: median(siteRuns.map((r) => r.tbtMs)),
      lcpRuns: siteRuns.map((r) => r.lcpMs).join('/'),
      bi: siteRuns.map((r) => r.benchmarkIndex).join('/'),
    };
    row.longestTask = m.longestTaskMs ? `${m.longestTaskMs} ms ${m.longestTaskUrl.slice(0, 40)}` : '-';
    if (staticRuns.length) {
      row.staticPerf = median(staticRuns.map((r) => r.perf));
      row.staticLcpMs = median(staticRuns.map((r) => r.lcpMs));
      row.staticLcpRuns = staticRuns.map((r) => r.lcpMs).join('/');
      row.lcpRatio = (row.lcpMs / row.staticLcpMs).toFixed(2);
      row.perfRatio = (row.perf / row.staticPerf).toFixed(2);
    }
    return row;
  });
  const columns = ['page', 'perf', 'a11y', 'bp', 'seo', 'lcpMs', 'tbtMs', 'cls', 'jsKb', 'requests', 'longestTask', 'bi'];
  if (mirror)
    columns.splice(columns.indexOf('longestTask'), 0, 'staticPerf', 'staticLcpMs', 'lcpRatio', 'perfRatio', 'lcpRuns', 'staticLcpRuns');
  const medianRow = Object.fromEntries(
    columns.map((c) => [
      c,
      c === 'page'
        ? 'median'
        : ['longestTask', 'bi', 'lcpRatio', 'perfRatio', 'lcpRuns', 'staticLcpRuns'].includes(c)
          ? ''
          : median(rows.map((r) => r[c])),
    ]),
  );
  printTable(columns, [...rows, medianRow]);
}

/** Measuring real visits against a site that measures none: the same pages, the same runs. */
function printRumCost(paths, results, runs) {
  console.log(`\nWhat measuring real visits costs (median of ${runs} run(s); the site without it runs with RUM_SAMPLE_RATE=0)\n`);
  const rows = paths.map((page) => {
    const { site: measured, unmeasured } = results.get(page);
    const tbt = median(measured.map((r) => r.tbtMs));
    const tbtWithout = median(unmeasured.map((r) => r.tbtMs));
    const js = median(measured.map((r) => r.jsKb));
    const jsWithout = median(unmeasured.map((r) => r.jsKb));
    return {
      page,
      tbtMs: tbt,
      tbtMsWithout: tbtWithout,
      jsKb: js,
      jsKbWithout: jsWithout,
      jsKbAdded: js - jsWithout,
      bi: unmeasured.map((r) => r.benchmarkIndex).join('/'),
    };
  });
  printTable(['page', 'tbtMs', 'tbtMsWithout', 'jsKb', 'jsKbWithout', 'jsKbAdded', 'bi'], rows);
  // jsKbAdded above counts the reporter's chunk, which loads once the page is interactive; what the
  // start itself carries is the measuring code inside the shell's chunks, read from the build.
  const start = rumStartBytes(path.join(REPO_ROOT, 'shell', 'dist', 'assets'));
  console.log(
    `\nMeasuring code in the start: ${start.minified} B minified, ${start.compressed} B brotli (limit 3,072 B);` +
      ` loaded after interactive: the rum-reporter chunk, ${start.reporterBrotli} B brotli`,
  );
}

async function main() {
  if (!flag('no-build')) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const runs = Number(option('runs', '3'));
  const cpuSlowdown = Number(option('cpu-slowdown', '4'));
  const site = await startSite({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
  const only = option('only')?.split(',');
  const paths = (await pagesToMeasure(site.baseUrl)).filter((p) => !only || only.includes(p));
  await warmUp(site.baseUrl, paths);
  const lighthouse = !flag('no-lighthouse');
  const mirror = lighthouse && flag('static') ? await startStaticMirror(site.baseUrl, paths) : undefined;
  const chrome = lighthouse ? await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS }) : undefined;
  const unmeasured =
    lighthouse && flag('rum-cost') ? await startSite({ NODE_ENV: 'production', LOG_LEVEL: 'error', RUM_SAMPLE_RATE: '0' }) : undefined;
  if (unmeasured) await warmUp(unmeasured.baseUrl, paths);
  const results = new Map(paths.map((p) => [p, { site: [], static: [], unmeasured: [] }]));
  const clicks = [];
  let contactForm;
  try {
    // Pages interleaved run by run, so a machine slowing down part-way weighs on every page alike.
    for (let run = 1; run <= (lighthouse ? runs : 0); run++) {
      for (const path of paths) {
        results.get(path).site.push(await measure(`${site.baseUrl}${path}`, chrome.port, cpuSlowdown));
        if (mirror) results.get(path).static.push(await measure(`${mirror.baseUrl}${path}`, chrome.port, cpuSlowdown));
        if (unmeasured) results.get(path).unmeasured.push(await measure(`${unmeasured.baseUrl}${path}`, chrome.port, cpuSlowdown));
        console.error(`run ${run}/${runs} ${path}`);
      }
    }
    if (!flag('no-click')) {
      const options = { cpuSlowdown, chromePath: CHROME_PATH };
      for (const path of paths) clicks.push({ page: path, press: 'Products menu', ...(await earlyClick(site.baseUrl, path, options)) });
      if (!only || only.includes(FAQ_PAGE))
        clicks.push({ page: FAQ_PAGE, press: 'first FAQ question', ...(await earlyFaqPress(site.baseUrl, options)) });
      if (!only || only.includes('/')) contactForm = await contactFormArrival(site.baseUrl, options);
    }
  } finally {
    await chrome?.kill();
    await mirror?.stop();
    await unmeasured?.stop();
    await site.stop();
  }

  if (lighthouse) printLighthouse(paths, results, { runs, cpuSlowdown, mirror });
  if (unmeasured) printRumCost(paths, results, runs);
  if (clicks.length) {
    console.log(`\nEarly press before hydration, real Chromium, CPU ${cpuSlowdown}x (INP from the Event Timing API)\n`);
    printTable(['page', 'press', 'opened', 'openMs', 'inpMs', 'hydratedBeforeClick'], clicks);
  }
  if (contactForm) {
    console.log(`\nThe contact form's fields for a visitor arriving at ${contactForm.page}, CPU ${cpuSlowdown}x\n`);
    printTable(['page', 'fieldsPresent', 'msToFields'], [contactForm]);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
