/**
 * Page metadata, declared once per page. The remote renders it into document.head on the client;
 * the api renders the same data into the HTML it sends (crawlers run no JavaScript).
 */
import type { NavPlacement } from './navigation';
import { siteConfig } from './site-config';

export type PageType = 'website' | 'article';

/** What a page changes in the frame the shell draws around it. */
export interface PageFrame {
  /** Force the black header regardless of scroll (dark pages). */
  invertedHeader: boolean;
  /** Show the Talk to Sales section before the footer. */
  contactForm: boolean;
}

export const DEFAULT_PAGE_FRAME: PageFrame = { invertedHeader: false, contactForm: true };

export interface PageMeta {
  /** Route pattern as in the site's route table (`/blog/:id`); static pages give their exact path. */
  path: string;
  title: string;
  description: string;
  type?: PageType;
  /** Canonical path when it differs from the visited one (e.g. /casestudies/x -> /case-studies/x). */
  canonicalPath?: string;
  noindex?: boolean;
  /**
   * HTTP status the api answers the page with, 200 when absent. 410 Gone tells crawlers the page
   * (a closed job posting) existed and is gone for good, while visitors still see why.
   */
  status?: 200 | 410;
  /** JSON-LD objects for this page. */
  jsonLd?: Record<string, unknown>[];
  /**
   * Query keys (`['/api/casestudies', id]`) whose data the page shows at once: the api inlines that
   * data into the HTML and the shell seeds the query cache with it, saving a round trip after the code.
   */
  queries?: string[][];
  /**
   * Frame changes of this page. The server renders the frame with them and inlines them, so the first
   * paint already has the right header and no contact section appears or vanishes after load.
   */
  frame?: Partial<PageFrame>;
  /**
   * Where the shell's header menus and footer list this page. The section's release carries it: a page
   * added or renamed in a release shows in the menus on the next request, and a rollback takes it back.
   */
  nav?: NavPlacement;
  /**
   * The page's code chunk in its section's browser build (`page-<chunk>`): the api preloads that
   * chunk's files with the HTML, so the page's own code arrives in the same wave as the section's.
   */
  chunk?: string;
}

export function fullTitle(title: string): string {
  return title.includes(siteConfig.brandName) ? title : `${title} | ${siteConfig.brandName}`;
}

export function absoluteUrl(path: string): string {
  // Always on the site's origin: a visited path `//evil.example/x` (or `/\\evil.example`) read as a
  // URL reference would name another host, so the path is joined to the origin as one plain path.
  const origin = new URL(siteConfig.siteUrl).origin;
  const url = new URL(`${origin}/${path.replace(/^[/\\]+/, '')}`);
  return url.origin === origin ? url.href : `${origin}/`;
}
