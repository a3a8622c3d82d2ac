/**
 * Page views as a browser makes them, through the api's public surface: the page's token (what the
 * page's boot data carries, signed by the app), traded at RUM_VIEW_PATH for a page-view token, then
 * the report. Each visit may come from its own address (`client`), as the X-Forwarded-For entry of a
 * trusted proxy: the app needs TRUST_PROXY_HOPS=1 for that.
 */
import request from 'supertest';
import { RUM_PATH, RUM_VIEW_PATH, type RemoteName, type RumReport } from '@cardlift/contracts';
import type { App } from '../src/app';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export interface Visit {
  section?: RemoteName;
  route?: string;
  /** The remotes' versions on the page (its registry). */
  versions: Partial<Record<RemoteName, string>>;
  /** The visitor's address. */
  client?: string;
  /** What the report says beyond its page: timings, errors, failed loads, form outcomes. */
  report?: Partial<Omit<RumReport, 'view' | 'route' | 'section' | 'versions'>>;
}

const headers = (client: string) => ({ 'User-Agent': BROWSER, 'X-Forwarded-For': client, 'Sec-Fetch-Site': 'same-origin' });

/** The page-view token a page of `visit` gets, or the refusal's status. */
export async function viewToken(app: App, visit: Visit): Promise<string> {
  const { section = 'mf_invest', route = '/invest', versions, client = '198.51.100.7' } = visit;
  const registry = Object.entries(versions).map(([name, version]) => ({ name: name as RemoteName, entry: '', version: version! }));
  const token = app.rumPageToken({ section, route }, registry);
  if (!token) throw new Error('the app has no page-view key yet: start it first');
  const answer = await request(app.koa.callback()).post(RUM_VIEW_PATH).set(headers(client)).send({ token, route, section, versions });
  if (answer.status !== 200) throw new Error(`${RUM_VIEW_PATH} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { view: string }).view;
}

/** Sends one report (or a body as it is, when a string), as a beacon: text/plain. */
export function sendReport(app: App, report: object | string, client = '198.51.100.7', extra: Record<string, string> = {}) {
  return request(app.koa.callback())
    .post(RUM_PATH)
    .set({ ...headers(client), 'Content-Type': 'text/plain;charset=UTF-8', ...extra })
    .send(typeof report === 'string' ? report : JSON.stringify(report));
}

/** The report of one page view of `visit`, with a page-view token of its own. */
export async function honestReport(app: App, visit: Visit): Promise<RumReport> {
  const { section = 'mf_invest', route = '/invest', versions } = visit;
  return {
    view: await viewToken(app, visit),
    route,
    section,
    versions,
    device: 'desktop',
    metrics: { lcp: 1800, inp: 120, cls: 0.05 },
    ...visit.report,
  };
}

/** One page view of `visit`, reported: a real visitor's whole path. */
export async function visit(app: App, one: Visit): Promise<void> {
  const answer = await sendReport(app, await honestReport(app, one), one.client);
  if (answer.status !== 204) throw new Error(`${RUM_PATH} answered ${answer.status}`);
}

/** `count` page views from `clients` different networks (203.0.<n>.x), `errors` of them with errors. */
export async function visitors(app: App, visit0: Visit & { count: number; clients: number; errors?: number }): Promise<void> {
  const { count, clients, errors = 0 } = visit0;
  for (let i = 0; i < count; i++) {
    const client = `203.0.${i % clients}.${10 + (i % 7)}`;
    const report = { ...visit0.report, ...(i < errors ? { errors: { [visit0.section ?? 'mf_invest']: 1 } } : {}) };
    await visit(app, { ...visit0, client, report });
  }
}
