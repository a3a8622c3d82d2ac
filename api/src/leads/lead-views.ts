/**
 * Contact posts joined to the page view that sent them: the canary guard's count of stored leads and
 * failed submissions per side, made of what the server itself did, never of what a report claims.
 * The form carries the view's token (CONTACT_VIEW_FIELD); its signature names the view's id, section,
 * route, versions and client, so a post can only be filed under a view the site really served, and a
 * view counts once whatever is posted with it. A missing or bad token leaves the lead unattributed:
 * the lead is stored all the same.
 */
import type { PageViewTokens } from '../rum/page-view-tokens';

/** The page view a contact post came from, as its token says. */
export interface LeadView {
  id: string;
  minute: number;
  section: string;
  version: string;
  route: string;
  client: string;
}

export type LeadViewOutcome = 'stored' | 'failed';

/** Columns of a lead_views row, in the order of leadViewValues. */
export const LEAD_VIEW_COLUMNS = ['view_id', 'minute', 'section', 'version', 'route', 'client', 'outcome', 'lead_id'];

export const leadViewValues = (view: LeadView, outcome: LeadViewOutcome, leadId: string | null) => [
  view.id,
  view.minute,
  view.section,
  view.version,
  view.route,
  view.client,
  outcome,
  leadId,
];

const VALUES = LEAD_VIEW_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');

/** A stored lead replaces a failure of the same view (the visitor got through); a second lead of the view changes nothing. */
export const STORED_VIEW_SQL = `INSERT INTO lead_views (${LEAD_VIEW_COLUMNS.join(', ')}) VALUES (${VALUES})
  ON CONFLICT (view_id) DO UPDATE SET outcome = excluded.outcome, lead_id = excluded.lead_id WHERE lead_views.outcome <> 'stored'`;

/** A failure is kept only for a view with nothing yet: a view that stored a lead stays a stored lead. */
export const FAILED_VIEW_SQL = `INSERT INTO lead_views (${LEAD_VIEW_COLUMNS.join(', ')}) VALUES (${VALUES}) ON CONFLICT (view_id) DO NOTHING`;

/** Reads a posted token: the view it names, or undefined (no token, a forged or expired one, a view of no version). */
export type LeadViewReader = (token: unknown) => LeadView | undefined;

/**
 * The view a posted token names, or undefined. `routeOf` records its route as the page views' counts
 * do (a route the site does not know is UNKNOWN_ROUTE), so a lead is counted on the view's page.
 */
export function leadViewOf(
  tokens: PageViewTokens | undefined,
  token: unknown,
  routeOf: (route: string) => string,
  now = Date.now(),
): LeadView | undefined {
  if (!tokens || typeof token !== 'string' || token.length === 0 || token.length > 4096) return undefined;
  let checked;
  try {
    checked = tokens.readView(token);
  } catch {
    return undefined;
  }
  if (!checked.ok) return undefined;
  const { id, section, route, versions, client } = checked.value;
  const version = versions[section];
  if (version === undefined) return undefined;
  return { id, minute: Math.floor(now / 60_000), section, version, route: routeOf(route), client };
}
