/**
 * The page-view ingest under load: POST /api/rum with page-view tokens, each checked as a browser's
 * report is (target: at least 2,000 reports/s with p99 under 20 ms on one instance), beside the same
 * reports without a token (refused at the first check: the floor of the route), then the lead path's
 * p99 alone and while reports pour in, so a flood of beacons is seen not to slow down the one request
 * that matters.
 *
 * The tokens are traded for first, as pages do (RUM_VIEW_PATH), and the reports cycle through them:
 * a replayed token passes the same checks on arrival and is dropped by the ledger at the next write.
 */
import type { RumReport } from '@cardlift/contracts';
import { contactSubmission } from '../test/contact-submission';
import { BROWSER, FROM_THE_PAGE, pageViewTokens } from '../test/site-page-views';
import { resultLine, type Load } from './load-result';

const TOKENS = 5000;

/** `count` reports of views of /invest as the app serves it, each with its own page-view token. */
async function honestReports(appUrl: string, count: number): Promise<string[]> {
  const { page, views } = await pageViewTokens(appUrl, '/invest', count);
  return views.map((view) => {
    const report: RumReport = {
      view,
      ...page,
      device: 'phone',
      connection: '4g',
      metrics: { lcp: 1830, inp: 140, cls: 0.04, fcp: 910, ttfb: 320, tti: 2400 },
      errors: { [page.section]: 1 },
    };
    return JSON.stringify(report);
  });
}

export async function benchRumIngest(load: Load, appUrl: string, seconds: number): Promise<boolean> {
  const reports = await honestReports(appUrl, TOKENS);
  let next = 0;
  const signed = {
    url: `${appUrl}/api/rum`,
    method: 'POST',
    headers: { ...FROM_THE_PAGE, 'Content-Type': 'text/plain;charset=UTF-8' },
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, body: reports[next++ % reports.length] }) }],
    connections: 10,
    duration: seconds,
  };
  const unsigned = { ...signed, requests: undefined, body: reports[0]!.replace(/"view":"[^"]*",/, '') };
  const leads = {
    url: `${appUrl}/api/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify(contactSubmission({ email: 'rum-bench@example.com' })),
    connections: 2,
    duration: seconds,
  };
  console.log(`\nPOST /api/rum (${reports[0]!.length} bytes, ${signed.connections} connections, ${seconds} s, ${TOKENS} page-view tokens)`);
  const ingest = await load(signed);
  console.log(resultLine('reports with tokens', ingest));
  console.log(resultLine('reports without (refused)', await load(unsigned)));
  const met = ingest.requests.average >= 2000 && ingest.latency.p99 < 20 && ingest.non2xx === 0;
  console.log(`  target >= 2,000 req/s with p99 < 20 ms: ${met ? 'met' : 'NOT met'}`);
  const alone = await load(leads);
  const [underLoad] = await Promise.all([load(leads), load(signed)]);
  console.log(resultLine('POST /api/contact alone', alone));
  console.log(resultLine('POST /api/contact + reports', underLoad));
  return met;
}
