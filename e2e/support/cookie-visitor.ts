/**
 * A visitor made of fetch calls and a cookie jar, for suites that need hundreds of visitors where a
 * browser context each would be slow: it sends what a browser sends (a browser's User-Agent,
 * Sec-Fetch-Site on its own posts), keeps the cookies the site sets, and does what the page's script
 * does with the page's token (trades it for a page-view token).
 */
import { CONTACT_PAGE_FIELD, RUM_VIEW_PATH } from '@cardlift/contracts';
import { BROWSER } from '../../api/test/rum-visits';

/** What the page's field says it is: its token, route, section and versions (the body of a view-token trade). */
export function pageFieldOf(html: string): { token: string; route: string; section: string; versions: object } {
  const field = new RegExp(`name="${CONTACT_PAGE_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  if (!field) throw new Error('the page has no page field');
  return JSON.parse(Buffer.from(field, 'base64url').toString('utf8')) as ReturnType<typeof pageFieldOf>;
}

export class CookieVisitor {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { 'User-Agent': BROWSER, 'Accept-Encoding': 'br, gzip', ...(cookie ? { Cookie: cookie } : {}), ...extra };
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0]!.split('=') as [string, string | undefined];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }

  /** The page's HTML, as its server (or the cache) answered it. */
  async page(path: string): Promise<string> {
    const response = this.keep(await fetch(`${this.base}${path}`, { headers: this.headers() }));
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  }

  /** What the page's script does once loaded: trades the page's token for a page-view token. */
  async view(html: string): Promise<string> {
    const response = this.keep(
      await fetch(`${this.base}${RUM_VIEW_PATH}`, {
        method: 'POST',
        headers: this.headers({ 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }),
        body: JSON.stringify(pageFieldOf(html)),
      }),
    );
    if (response.status !== 200) throw new Error(`the view token trade answered ${response.status}`);
    return ((await response.json()) as { view: string }).view;
  }
}
