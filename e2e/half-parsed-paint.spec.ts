/**
 * No frame shows a page half parsed. Chromium paints a document it is still parsing whenever the
 * parser yields (a slow or busy phone): a frame with two of the header's four menus, whose rest then
 * moved what was drawn (a layout shift of about 0.01 that the brand-font suite caught now and then).
 * Here the HTML arrives in two parts, cut inside the header's menus with a pause between, through a
 * proxy in front of the suite's site: nothing is painted before the page's `<main>` is parsed, so
 * nothing moves.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, layoutShift, openPage, siteUrl } from './support/browser';

const PAUSE_MS = 800;

let browser: Browser;
let proxy: http.Server;
let proxyOrigin: string;

/** Passes every request to the site; the HTML of `/` is sent in two parts, `PAUSE_MS` apart. */
function startProxy(): Promise<void> {
  const site = new URL(siteUrl('/'));
  proxy = http.createServer((request, response) => {
    const headers = { ...request.headers, host: site.host };
    if (request.url === '/') delete headers['accept-encoding'];
    const upstream = http.request(
      { host: site.hostname, port: site.port, path: request.url, method: request.method, headers },
      (answer) => {
        if (request.url !== '/') {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          // Inside the header's menus: after the first group, before the second.
          const cut = html.indexOf('data-nav-group', html.indexOf('data-nav-group') + 1);
          const { 'content-length': _length, ...kept } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, kept);
          response.write(html.slice(0, cut));
          setTimeout(() => response.end(html.slice(cut)), PAUSE_MS);
        });
      },
    );
    request.pipe(upstream);
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await startProxy();
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => proxy.close(resolve));
});

describe('a page whose HTML arrives in parts', () => {
  it('is first painted once its main content is parsed, and nothing moves', async () => {
    const page = await openPage(browser);
    await page.goto(`${proxyOrigin}/`);
    const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-paint')[0]?.startTime ?? 0);
    expect(firstPaint).toBeGreaterThanOrEqual(PAUSE_MS);
    expect(await page.locator('header nav [data-nav-group]').count()).toBe(4);
    expect(await layoutShift(page)).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
