/**
 * `npm run bench:web`: builds the site, serves it, and runs Lighthouse (mobile emulation, simulated
 * throttling) on one page of each kind in Debian's Chromium. Prints per page the four category
 * scores, LCP, TBT, CLS, JavaScript bytes (compressed) and request count, then the medians.
 * Kept out of `npm test`: figures, not pass/fail.
 *
 * `-- --no-build` measures the current builds; `-- --only=/,/invest` measures only those pages.
 *
 * Plain JavaScript on purpose: Lighthouse serialises functions into the page, and a TypeScript
 * runner's injected helpers (tsx's __name) break them there.
 */
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startSite } from './serve-built-site.mjs';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function pagesToMeasure(baseUrl) {
  const jobs = (await (await fetch(`${baseUrl}/api/jobs`)).json().catch(() => []));
  const caseStudies = (await (await fetch(`${baseUrl}/api/casestudies`)).json().catch(() => []));
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
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function measure(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { categories, audits } = result.lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const summary = audits['resource-summary']?.details?.items ?? [];
  const script = summary.find((i) => i.resourceType === 'script');
  const total = summary.find((i) => i.resourceType === 'total');
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    jsKb: Math.round((script?.transferSize ?? 0) / 1024),
    requests: total?.requestCount ?? 0,
  };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const site = await startSite({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  const rows = [];
  try {
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
    const paths = (await pagesToMeasure(site.baseUrl)).filter((p) => !only || only.includes(p));
    for (const path of paths) {
      // One retry: the first Lighthouse run in a fresh Chromium occasionally reports no paint at all.
      const url = `${site.baseUrl}${path}`;
      const figures = await measure(url, chrome.port).catch((error) => {
        console.error(`retrying after: ${error.message}`);
        return measure(url, chrome.port);
      });
      rows.push({ page: path, ...figures });
      console.error(`measured ${path}`);
    }
  } finally {
    await chrome.kill();
    await site.stop();
  }
  const columns = ['page', 'perf', 'a11y', 'bp', 'seo', 'lcpMs', 'tbtMs', 'cls', 'jsKb', 'requests'];
  const medianRow = Object.fromEntries(columns.map((c) => [c, c === 'page' ? 'median' : median(rows.map((r) => r[c]))]));
  console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
  for (const row of [...rows, medianRow]) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
