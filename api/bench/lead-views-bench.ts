/**
 * `npm run bench:api -- --leads`: POST /api/contact without a view, with a page-view token (checked,
 * then written with the lead in its transaction) and with the page field (the page token checked and
 * a view made at the post), three runs of each side by side, so the cost of naming the view is read
 * against the same machine's load.
 */
import { CONTACT_PAGE_FIELD, CONTACT_VIEW_FIELD } from '@cardlift/contracts';
import { contactSubmission } from '../test/contact-submission';
import { BROWSER, FROM_THE_PAGE, pageViewTokens } from '../test/site-page-views';
import { resultLine, type Load } from './load-result';

const TOKENS = 3000;
const RUNS = 3;
/** A page with the contact form (the invest page has none). */
const PAGE = '/';

export async function benchLeadViews(load: Load, appUrl: string, seconds: number): Promise<void> {
  const { views } = await pageViewTokens(appUrl, PAGE, TOKENS);
  const html = await (await fetch(`${appUrl}${PAGE}`)).text();
  const pageField = new RegExp(`name="${CONTACT_PAGE_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  if (!pageField) throw new Error(`${PAGE} carries no page field`);
  const submission = contactSubmission({ email: 'lead-views-bench@example.com' });
  let next = 0;
  const base = {
    url: `${appUrl}/api/contact`,
    method: 'POST',
    headers: { ...FROM_THE_PAGE, 'content-type': 'application/json', 'user-agent': BROWSER },
    connections: 10,
    duration: seconds,
  };
  const modes = {
    'no view': { ...base, body: JSON.stringify(submission) },
    // Each post its own view token, as each visitor's page has (cycled once all are used).
    'view token': {
      ...base,
      requests: [
        {
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            body: JSON.stringify({ ...submission, [CONTACT_VIEW_FIELD]: views[next++ % views.length] }),
          }),
        },
      ],
    },
    'page field': { ...base, body: JSON.stringify({ ...submission, [CONTACT_PAGE_FIELD]: pageField }) },
  };
  console.log(`\nPOST /api/contact, ${base.connections} connections, ${seconds} s each, ${RUNS} runs side by side (SQLite)`);
  for (let run = 1; run <= RUNS; run++) {
    console.log(`  run ${run}`);
    for (const [name, options] of Object.entries(modes)) console.log(resultLine(name, await load(options)));
  }
}
