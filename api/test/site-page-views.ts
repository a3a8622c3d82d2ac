/**
 * Page views reported as the site's own pages report them, without a browser: the page's HTML gives
 * its measurement context and registry (boot data), its token is traded at RUM_VIEW_PATH for one
 * page-view token per view, and each view's report goes to RUM_PATH as a beacon would.
 */
import {
  INLINE_BOOT_ELEMENT_ID,
  INLINE_REGISTRY_ELEMENT_ID,
  RUM_PATH,
  RUM_VIEW_PATH,
  type BootData,
  type RemoteEntry,
  type RumReport,
} from '@cardlift/contracts';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const FROM_THE_PAGE = { 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'same-origin' };

function dataBlock<T>(html: string, id: string): T {
  const found = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (found === undefined) throw new Error(`the page has no ${id} data block`);
  return JSON.parse(found) as T;
}

type Page = Pick<RumReport, 'route' | 'section' | 'versions'>;

/** What `pagePath` is as the site serves it now, and `count` page-view tokens for views of it. */
export async function pageViewTokens(baseUrl: string, pagePath: string, count: number): Promise<{ page: Page; views: string[] }> {
  const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
  const rum = dataBlock<BootData>(html, INLINE_BOOT_ELEMENT_ID).rum;
  if (!rum?.token) throw new Error(`${pagePath} carries no page token`);
  const versions = Object.fromEntries(dataBlock<RemoteEntry[]>(html, INLINE_REGISTRY_ELEMENT_ID).map((e) => [e.name, e.version]));
  const page = { route: rum.route, section: rum.section, versions };
  const views: string[] = [];
  for (let i = 0; i < count; i++) {
    const exchange = await fetch(`${baseUrl}${RUM_VIEW_PATH}`, {
      method: 'POST',
      headers: { ...FROM_THE_PAGE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: rum.token, ...page }),
    });
    if (exchange.status !== 200) throw new Error(`${RUM_VIEW_PATH} answered ${exchange.status}`);
    views.push(((await exchange.json()) as { view: string }).view);
  }
  return { page, views };
}

/** `count` views of `pagePath` as the site serves it now, each reporting `report` (timings, errors...). */
export async function reportPageViews(
  baseUrl: string,
  pagePath: string,
  count: number,
  report: Partial<Pick<RumReport, 'metrics' | 'errors' | 'remoteFailures' | 'contactOutcomes'>> = {},
): Promise<void> {
  const { page, views } = await pageViewTokens(baseUrl, pagePath, count);
  for (const view of views) {
    const body: RumReport = { view, ...page, device: 'desktop', metrics: {}, ...report };
    const sent = await fetch(`${baseUrl}${RUM_PATH}`, {
      method: 'POST',
      headers: { ...FROM_THE_PAGE, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    });
    if (sent.status !== 204) throw new Error(`${RUM_PATH} answered ${sent.status}`);
  }
}
