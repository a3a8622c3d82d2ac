// One Lighthouse run of a page (mobile emulation, simulated throttling) reduced to the figures the
// bench prints. Plain JavaScript: Lighthouse serialises functions into the page, and a TypeScript
// runner's injected helpers would break them there.
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** `cpuSlowdown`: Lighthouse's CPU multiplier (its mobile default is 4). */
export async function lighthouseRun(url, port, { cpuSlowdown = 4, categories = CATEGORIES } = {}) {
  const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories, throttling });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const { categories: scores, audits } = lhr;
  const score = (id) => (scores[id] ? Math.round(scores[id].score * 100) : NaN);
  const summary = audits['resource-summary']?.details?.items ?? [];
  const script = summary.find((i) => i.resourceType === 'script');
  const total = summary.find((i) => i.resourceType === 'total');
  // The longest main-thread task Lighthouse saw, as its long-tasks audit reports it (simulated ms).
  const longTasks = audits['long-tasks']?.details?.items ?? [];
  const longest = longTasks.reduce((max, t) => (t.duration > (max?.duration ?? 0) ? t : max), undefined);
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
    longestTaskMs: Math.round(longest?.duration ?? 0),
    longestTaskUrl: longest ? String(longest.url).replace(/^https?:\/\/[^/]+/, '') : '',
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}
