/**
 * The page-view ingest under load: POST /api/rum (target: at least 2,000 reports/s with p99 under
 * 20 ms on one instance), then the lead path's p99 alone and while reports pour in, so a flood of
 * beacons is seen not to slow down the one request that matters.
 */
import type { RumReport } from '@cardlift/contracts';
import { contactSubmission } from '../test/contact-submission';
import { resultLine, type Load } from './load-result';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const REPORT: RumReport = {
  route: '/invest',
  section: 'mf_invest',
  versions: { shell: '1.0.0', mf_invest: '2.0.0', mf_marketing: '2.0.0', mf_company: '2.0.0', mf_resources: '2.0.0' },
  device: 'phone',
  connection: '4g',
  metrics: { lcp: 1830, inp: 140, cls: 0.04, fcp: 910, ttfb: 320, tti: 2400 },
  errors: { mf_invest: 1 },
};

export async function benchRumIngest(load: Load, appUrl: string, seconds: number): Promise<boolean> {
  const reports = {
    url: `${appUrl}/api/rum`,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
    body: JSON.stringify(REPORT),
    connections: 10,
    duration: seconds,
  };
  const leads = {
    url: `${appUrl}/api/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify(contactSubmission({ email: 'rum-bench@example.com' })),
    connections: 2,
    duration: seconds,
  };
  console.log(`\nPOST /api/rum (${reports.body.length} bytes, ${reports.connections} connections, ${seconds} s)`);
  const ingest = await load(reports);
  console.log(resultLine('reports', ingest));
  const met = ingest.requests.average >= 2000 && ingest.latency.p99 < 20 && ingest.non2xx === 0;
  console.log(`  target >= 2,000 req/s with p99 < 20 ms: ${met ? 'met' : 'NOT met'}`);
  const alone = await load(leads);
  const [underLoad] = await Promise.all([load(leads), load(reports)]);
  console.log(resultLine('POST /api/contact alone', alone));
  console.log(resultLine('POST /api/contact + reports', underLoad));
  return met;
}
