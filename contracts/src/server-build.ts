/**
 * What the api and the front ends' server builds agree on: where a build keeps its server bundle,
 * and what the shell's bundle is given to render a page. The api loads these builds; it never imports
 * front-end source.
 */
import type { ContactFormState } from './contact-form-state';
import type { InlineQueryData } from './inline-data';
import type { SiteNavigation } from './navigation';
import type { PageFrame } from './page-meta';
import type { RemoteName } from './remotes';

/** Where a build keeps its server bundle, inside its dist (so a release carries it) but never served. */
export const SERVER_DIR = 'server';
/** File name of the server bundle: the shell's exports renderApp, a remote's exports loadRoutes. */
export const SERVER_BUNDLE = 'index.js';

/** What the shell's server bundle renders a page from. */
export interface ShellRenderInput<RouteComponent = unknown> {
  /** Path and query of the request. */
  url: string;
  /** The data inlined into the page (the browser seeds its cache with the same). */
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
  /** The menus' links, gathered from the served builds' page tables (none when absent). */
  navigation?: SiteNavigation;
  /** The contact form after a post without script (thanks, or entries with messages); absent: an empty form. */
  contactForm?: ContactFormState;
  /** Route components of the remotes whose server build could be loaded. */
  remotes: Partial<Record<RemoteName, RouteComponent>>;
  /** Aborts a render that takes too long; the browser then renders the page. */
  signal?: AbortSignal;
  /** Unexpected render errors (a section that fails is left to the browser). */
  onError?: (error: unknown) => void;
}
