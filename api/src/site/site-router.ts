/**
 * Every GET that is not the api or a file: the page's HTML with its head tags (404 for unknown
 * routes and unknown content), plus sitemap.xml and robots.txt from the same page data. The same
 * page answers a contact form posted without script (`respond`, api/src/leads/contact-form.router.ts).
 */
import path from 'node:path';
import Router from '@koa/router';
import {
  absoluteUrl,
  API_PATHS,
  CONTACT_SENT_PARAMETER,
  CONTACT_SENT_VALUE,
  EDITOR_PATH,
  navigationPath,
  sectionForPath,
  NOT_FOUND_ROUTE,
  SHELL_SECTION,
  type Attribution,
  type ContactFormState,
  type RumPageContext,
  type RumSection,
} from '@cardlift/contracts';
import type { Context } from 'koa';
import type { AppConfig } from '../app-config';
import type { Clock, ContentStore } from '../content/content-store';
import type { RemoteEntry } from '@cardlift/contracts';
import { renderPage, shellTemplate } from './html-renderer';
import { sendKept } from '../edge/kept-encodings';
import type { RenderPool } from './render-pool';
import { remoteStartup } from './remote-startup';
import { inlineQueryData } from './query-data';
import { shellStartup } from './shell-startup';
import { NOT_FOUND_META } from './page-resolver';
import { allowInlineSources } from '../platform/security-headers';
import { inlineStyleSources } from './page-stylesheets';
import { firstPaintSheets } from './first-paint-sheets';
import { landingAttribution } from './landing-attribution';
import { previewedContent } from '../content/content-preview';
import { previewBar } from './preview-bar';
import { keepPrivate, shareAnswer } from '../edge/edge-answers';
import { pageTags, sitemapTags } from '../edge/page-tags';
import { pageFieldValue } from '../leads/lead-views';
import { registryVersions } from '../rum/page-view-tokens';
import type { ServedArm } from '../experiments/experiment-serving';
import type { SharedContent } from '../content/live-content';

/** `/resources` is what "View All Case Studies" links to; `/company` has no page. */
const PERMANENT_REDIRECTS: Record<string, string> = { '/resources': '/case-studies', '/company': '/company/about-us' };

/** The registry a request is served from, and whether it previews a candidate (never cached or indexed). */
export interface RequestRegistry {
  registry: RemoteEntry[];
  preview: boolean;
  /** The release candidate a preview cookie shows in this browser. */
  candidate?: { remote: string; version: string };
}

export interface SiteDeps {
  content: ContentStore;
  /** Runs the front ends' server code (page tables, renders) in worker threads. */
  pool: RenderPool;
  /** "Now" for content that expires, the same clock the content store follows. */
  clock: Clock;
  registryFor(ctx: Context): RequestRegistry;
  /** What every visitor is served: crawlers are told about the live site, never a preview. */
  liveRegistry(): RemoteEntry[];
  /** The signed token of a page built from `registry` (rum/page-view-tokens.ts); undefined before start. */
  rumToken?(page: { section: RumSection; route: string; arm?: string }, registry: readonly RemoteEntry[]): string | undefined;
  /** The experiment arm this visitor is served the page at `path` in (experiments/experiment-serving.ts), if any. */
  experimentArm?(ctx: Context, path: string): ServedArm | undefined;
  /** Before a page is sent: the builds it names stay reachable for the skew window (skew/). */
  pageSent?(registry: RemoteEntry[]): Promise<void>;
}

export interface PageOptions {
  /** The contact form after a post (thanks, or entries with messages): rendered afresh, never kept or cached. */
  contactForm?: ContactFormState;
  /** Where the visit came from, carried to a post made without script by hidden fields of the form. */
  attribution?: Attribution | undefined;
  /** The status when the page exists (a refused post answers 422 or 429). */
  status?: number;
}

interface BodyOptions {
  /** The content a preview or an experiment's arm serves instead of the published one. */
  served?: { shared: SharedContent; store: ContentStore } | undefined;
  contactForm?: ContactFormState | undefined;
  uncached?: boolean;
}

/** Sends the page at ctx.path, as a GET of it would, with the form's state when given. */
export type PageResponder = (ctx: Context, options?: PageOptions) => Promise<void>;

export function siteRouter(
  config: AppConfig,
  { content, pool, clock, registryFor, liveRegistry, rumToken, pageSent, experimentArm }: SiteDeps,
): { router: Router; respond: PageResponder; warmPage: (pathname: string, registry: RemoteEntry[]) => Promise<void> } {
  const router = new Router();
  const template = shellTemplate(config.siteRoot);
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain';
    shareAnswer(ctx, { tags: [], browserTtl: 3600 });
    ctx.body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /invest\nDisallow: ${EDITOR_PATH}\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`;
  });

  router.get('/sitemap.xml', async (ctx) => {
    const urls = (await pool.sitemap(liveRegistry(), clock())).map((p) => `  <url><loc>${absoluteUrl(p)}</loc></url>`).join('\n');
    ctx.type = 'application/xml';
    shareAnswer(ctx, { tags: sitemapTags(liveRegistry()) });
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });

  // Section roots without a page of their own: send crawlers where the client sends people.
  for (const [from, to] of Object.entries(PERMANENT_REDIRECTS)) {
    router.get(from, (ctx) => {
      ctx.status = 301;
      ctx.redirect(to);
    });
  }

  router.get('/{*path}', async (ctx) => {
    if (ctx.path.startsWith('/api/')) return;
    // The page the api sends a visitor back to once their form (posted without script) is stored.
    const sent = ctx.query[CONTACT_SENT_PARAMETER] === CONTACT_SENT_VALUE;
    await respond(ctx, {
      ...(sent ? { contactForm: { status: 'sent' } } : {}),
      attribution: landingAttribution(ctx, config.siteAddresses.siteUrl),
    });
  });

  /**
   * How the page is measured: its route pattern (`/blog/:id`, never the visited path with its ids),
   * section and sample rate, and the token its reports are counted under. A previewed candidate or
   * draft is seen by its team, not by visitors: it gets no token, so nothing it reports counts.
   */
  const measuredAs = (route: string, section: RumSection, registry: readonly RemoteEntry[] | undefined, arm?: string): RumPageContext => {
    const token = registry && rumToken?.({ section, route, ...(arm ? { arm } : {}) }, registry);
    return { route, section, sampleRate: config.rum.sampleRate, ...(token ? { token } : {}) };
  };

  /** Which page `pathname` is and its body's HTML from `registry`'s builds (kept unless `uncached`). */
  const pageBody = async (pathname: string, registry: RemoteEntry[], options: BodyOptions = {}) => {
    const { served, contactForm, uncached = false } = options;
    const [page, navigation] = await Promise.all([pool.resolve(pathname, registry, clock(), served?.shared), pool.navigation(registry)]);
    const meta = page?.meta ?? NOT_FOUND_META;
    // The announcement bar shows on every page; the page's own data follows.
    const queryData = inlineQueryData([[API_PATHS.banners], ...(page?.meta.queries ?? [])], served?.store ?? content);
    // A path the section does not know still belongs to it: its remote renders the not-found page.
    const remote = page ? page.remote : sectionForPath(pathname)?.remote;
    // Unknown paths of one route share a kept body (an unknown blog post is not an unknown case study).
    const notFound = page ? undefined : await pool.notFoundRoute(pathname, registry);
    const appHtml = await pool.render({
      // The path alone: query parameters change nothing on a page, so they neither reach the render
      // nor make a kept body miss.
      url: pathname,
      ...(notFound === undefined ? {} : { notFound }),
      registry,
      queryData,
      navigation,
      ...(remote ? { remote } : {}),
      ...(meta.frame ? { frame: meta.frame } : {}),
      ...(contactForm ? { contactForm } : {}),
      uncached,
    });
    return { page, meta, queryData, remote, appHtml };
  };

  /** The page at ctx.path; with a contact form state, rendered afresh for this visitor alone. */
  const respond: PageResponder = async (ctx, options = {}) => {
    const { contactForm } = options;
    const { registry, preview: candidate, candidate: previewedRelease } = registryFor(ctx);
    // A browser previewing a content item is served its draft: the page, its data and its head tags.
    const previewed = await previewedContent(ctx);
    const preview = candidate || previewed !== undefined;
    const previewing = [
      ...(previewed ? [previewed.what] : []),
      ...(previewedRelease ? [`${previewedRelease.remote} release ${previewedRelease.version} (a candidate)`] : []),
    ];
    // A visitor in an experiment's variant is served its content: the page, its data and its head tags.
    const armed = preview ? undefined : experimentArm?.(ctx, ctx.path);
    const uncached = preview || Boolean(contactForm);
    const { page, meta, queryData, remote, appHtml } = await pageBody(ctx.path, registry, {
      served: previewed ?? armed?.content,
      contactForm,
      uncached,
    });
    const entry = remote ? registry.find((r) => r.name === remote) : undefined;
    ctx.status = options.status ?? (page ? (page.meta.status ?? 200) : 404);
    ctx.type = 'text/html; charset=utf-8';
    const shell = shellStartup(shellDist);
    if (preview || contactForm) {
      // A candidate or a draft seen by one browser, or one visitor's form: never stored by any cache, never indexed.
      keepPrivate(ctx);
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
    } else if (options.attribution?.referrer !== undefined) {
      // Drawn from this visitor's Referer header: theirs alone (a campaign link's parameters are in the URL).
      keepPrivate(ctx);
    } else {
      const queries = [[API_PATHS.banners], ...(page?.meta.queries ?? [])];
      shareAnswer(ctx, { tags: pageTags({ shellScripts: shell.scripts, registry, section: remote, queries, found: Boolean(page) }) });
    }
    const section = entry ? remoteStartup(config, entry, page?.meta.chunk) : { stylesheets: [], preload: [] };
    const sheets = [...shell.stylesheets, ...section.stylesheets];
    // A body rendered for one visitor (a preview, a posted form) keeps whole sheets: cutting them is
    // paid once per kept body, never per request.
    const stylesheets = uncached ? sheets : firstPaintSheets(sheets, appHtml);
    const shellPage = template.read();
    allowInlineSources(ctx, 'style-src', inlineStyleSources(stylesheets));
    allowInlineSources(ctx, 'script-src', shellPage.boot ? [shellPage.boot.cspSource] : []);
    const rum = measuredAs(page ? meta.path : NOT_FOUND_ROUTE, remote ?? SHELL_SECTION, preview ? undefined : registry, armed?.label);
    const html = renderPage(shellPage, {
      // A previewed draft keeps its head exactly as it will be served (its share card included): the
      // X-Robots-Tag header above keeps it out of indexes.
      meta: candidate || contactForm ? { ...meta, noindex: true } : meta,
      visitedPath: ctx.path,
      registry,
      stylesheets,
      fonts: shell.fonts,
      // The menus' links are fetched beside the code rather than inlined: the same for every page, they
      // would cost each page's first round trip about 500 bytes. The request names this page's builds
      // (navigationPath), so a release made meanwhile does not change the links it hydrates with.
      boot: {
        scripts: shell.scripts,
        preload: [...shell.preload, ...section.preload, { href: navigationPath(registry), as: 'fetch' }],
        rum,
      },
      // The page token with what it signs, for a post made before (or without) a view token.
      ...(rum.token && !preview
        ? { formPage: pageFieldValue({ token: rum.token, route: rum.route, section: rum.section, versions: registryVersions(registry) }) }
        : {}),
      queryData,
      appHtml,
      ...(contactForm ? { contactForm } : {}),
      ...(options.attribution ? { formAttribution: options.attribution } : {}),
      ...(preview ? { previewBar: previewBar(previewing, ctx.path) } : {}),
    });
    await pageSent?.(registry);
    sendKept(ctx, html);
  };
  /** Renders a page as its first visitor from `registry` would get it, keeping the body (a new build's warm-up). */
  const warmPage = async (pathname: string, registry: RemoteEntry[]) => {
    await pageBody(pathname, registry);
  };
  return { router, respond, warmPage };
}
