/**
 * Server rendering, inside a render worker (render-tasks.ts): the page body from the shell's server
 * build and, for the route's section, the server build of the remote version the registry names (so
 * a release or rollback shows on the next request, in the HTML as in the browser). Anything missing
 * or failing gives an empty root, which the browser renders: a page is never refused because it
 * could not be pre-rendered. Keeping rendered pages and deadlines are the pool's (render-pool.ts).
 */
import type {
  ContactFormState,
  PageFrame,
  InlineQueryData,
  RemoteEntry,
  RemoteName,
  ShellRenderInput,
  SiteNavigation,
} from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import type { RemoteBundle, ServerBundles } from './server-bundles';

/** When React abandons a render still streaming (render-tasks.ts answers at its own deadline first). */
const RENDER_ABORT_MS = 3500;

export interface PageRenderRequest {
  url: string;
  registry: RemoteEntry[];
  remote?: RemoteName;
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
  navigation?: SiteNavigation;
  contactForm?: ContactFormState;
}

export class ServerRenderer {
  constructor(
    private readonly bundles: ServerBundles,
    private readonly logger: Logger,
  ) {}

  /** The page body's HTML, or '' when the browser has to render it. */
  async render(request: PageRenderRequest): Promise<string> {
    const bundle = request.remote ? this.bundles.remoteBundle(request.registry, request.remote) : undefined;
    return this.renderNow(request, bundle);
  }

  /**
   * Renders a page of a build that is not live yet and says what went wrong, where a visitor's
   * render would quietly leave the section to the browser: a release is refused for any of it.
   */
  async check(request: PageRenderRequest): Promise<string[]> {
    const problems: string[] = [];
    const bundle = request.remote ? this.bundles.remoteBundle(request.registry, request.remote) : undefined;
    if (request.remote && !bundle) return ['the build has no server build to render its pages with'];
    const html = await this.renderNow(request, bundle, (error) => problems.push(error instanceof Error ? error.message : String(error)));
    if (!html && problems.length === 0) problems.push('the render gave no HTML');
    return problems;
  }

  private async renderNow(
    request: PageRenderRequest,
    bundle: RemoteBundle | undefined,
    report?: (error: unknown) => void,
  ): Promise<string> {
    try {
      const shell = this.bundles.shell();
      if (!shell) throw new Error('the shell has no server build');
      const remotes: ShellRenderInput['remotes'] = {};
      const routes = bundle && (await this.remoteRoutes(bundle, report));
      if (bundle && routes) remotes[bundle.name] = routes;
      return await shell.renderApp({
        url: request.url,
        queryData: request.queryData,
        ...(request.frame ? { frame: request.frame } : {}),
        ...(request.navigation ? { navigation: request.navigation } : {}),
        ...(request.contactForm ? { contactForm: request.contactForm } : {}),
        remotes,
        // React stops rendering at the deadline too (the worker has already answered by then).
        signal: AbortSignal.timeout(RENDER_ABORT_MS),
        onError: (error) => {
          report?.(error);
          this.logger.warn({ err: error, url: request.url }, 'server render: a section is left to the browser');
        },
      });
    } catch (error) {
      report?.(error);
      this.logger.error({ err: error, url: request.url }, 'server render failed; the browser renders the page');
      return '';
    }
  }

  /** The route component of a remote's server bundle. */
  private async remoteRoutes(bundle: RemoteBundle, report?: (error: unknown) => void) {
    try {
      return await this.bundles.remote(bundle).loadRoutes(bundle.publicPath);
    } catch (error) {
      report?.(error);
      this.logger.error({ err: error, remote: bundle.name, version: bundle.version }, 'server build of a remote failed to load');
      return undefined;
    }
  }
}
