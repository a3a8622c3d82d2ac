/**
 * Contact posts joined to the page view that sent them: the canary guard's count of stored leads and
 * failed submissions per side, made of what the server itself did, never of what a report claims.
 * The form carries the view's token (CONTACT_VIEW_FIELD); its signature names the view's id, section,
 * route, versions and client, so a post can only be filed under a view the site really served, and a
 * view counts once whatever is posted with it. A post without a view token (a form posted without
 * script, or sent before the page traded its token) may carry the page's own token and snapshot
 * (CONTACT_PAGE_FIELD): the view is then made at the post, as RUM_VIEW_PATH would have made it (a
 * fresh id, the poster's network, the versions the page token was signed over), one per post. A
 * missing or bad token leaves the lead unattributed: the lead is stored all the same.
 */
import crypto from 'node:crypto';
import { rumViewRequestSchema, type RumViewRequest } from '@cardlift/contracts';
import { clientNetwork } from '../rum/client-address';
import type { PageViewTokens, ViewClaims } from '../rum/page-view-tokens';

/** The page view a contact post came from, as its token says. */
export interface LeadView {
  id: string;
  minute: number;
  section: string;
  version: string;
  route: string;
  client: string;
  /** The experiment arm the view's page was served in, as its token says. */
  arm?: string;
}

declare module 'koa' {
  interface DefaultState {
    /** The page view a contact post names, read before the post is checked (contact.router.ts). */
    leadView?: LeadView;
  }
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

/** What a contact post names its view by, and who sent it. */
export interface PostedView {
  /** The view token (CONTACT_VIEW_FIELD), as posted. */
  view?: unknown;
  /** The page's field (CONTACT_PAGE_FIELD), as posted: read only without a view token. */
  page?: unknown;
  /** The poster's address (ctx.ip): a view made at the post is that network's. */
  ip: string;
  /** Sec-GPC: 1. The visitor asked not to be tracked: no view is made for them (a script-less form cannot tell). */
  gpc: boolean;
}

/** Reads a post: the view it names, or undefined (no token, a forged or expired one, a view of no version). */
export type LeadViewReader = (posted: PostedView) => LeadView | undefined;

/** The page field's value: the page token and the snapshot it was signed over, in one URL-safe word. */
export function pageFieldValue(request: RumViewRequest): string {
  return Buffer.from(JSON.stringify(request)).toString('base64url');
}

type Claims = Omit<ViewClaims, 'issuedAt'>;

function viewClaims(tokens: PageViewTokens, token: unknown): Claims | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return undefined;
  try {
    const checked = tokens.readView(token);
    return checked.ok ? checked.value : undefined;
  } catch {
    return undefined;
  }
}

/** A view made at the post from a page field whose page token is genuine and unexpired. */
function pageClaims(tokens: PageViewTokens, value: unknown, ip: string): Claims | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return undefined;
  let request;
  try {
    request = rumViewRequestSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
  if (!request.success) return undefined;
  const { token, ...snapshot } = request.data;
  const checked = tokens.checkPage(token, snapshot);
  if (!checked.ok) return undefined;
  return { ...checked.value, id: crypto.randomBytes(16).toString('base64url'), client: tokens.client(clientNetwork(ip)) };
}

/**
 * The view a post names, or undefined. `routeOf` records its route as the page views' counts do (a
 * route the site does not know is UNKNOWN_ROUTE), so a lead is counted on the view's page.
 */
export function leadViewOf(
  tokens: PageViewTokens | undefined,
  posted: PostedView,
  routeOf: (route: string) => string,
  now = Date.now(),
): LeadView | undefined {
  if (!tokens) return undefined;
  const claims = viewClaims(tokens, posted.view) ?? (posted.gpc ? undefined : pageClaims(tokens, posted.page, posted.ip));
  if (!claims) return undefined;
  const { id, section, route, versions, client, arm } = claims;
  const version = versions[section];
  if (version === undefined) return undefined;
  return { id, minute: Math.floor(now / 60_000), section, version, route: routeOf(route), client, ...(arm === undefined ? {} : { arm }) };
}
