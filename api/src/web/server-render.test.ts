/**
 * The api's side of server rendering: it loads the shell's server build and the registry's version
 * of the route's remote, passes the remote the URL its files are served under, and falls back to
 * an empty root (the browser renders) when a build is missing or throws. Uses small stand-in bundles
 * with the same exports as the real ones (the browser suite covers the real builds).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import { ServerBundles } from './server-bundles';
import { ServerRenderer } from './server-render';

const SHELL_BUNDLE = `
exports.renderApp = async (input) => {
  if (input.url === '/broken') throw new Error('render failed');
  const names = Object.keys(input.remotes);
  const parts = await Promise.all(names.map((n) => input.remotes[n]()));
  return '<main data-url="' + input.url + '">' + parts.join('') + '</main>';
};`;
const REMOTE_BUNDLE = `exports.loadRoutes = async (publicPath) => () => '<p>routes at ' + publicPath + '</p>';`;

const COUNTING_SHELL_BUNDLE = `let renders = 0; exports.renderApp = async (input) => 'render ' + ++renders + ' of ' + input.url;`;

function site(withShell: boolean | string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-ssr-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  if (withShell) write('shell/dist/server/index.js', typeof withShell === 'string' ? withShell : SHELL_BUNDLE);
  write('mf-marketing/dist/server/index.js', REMOTE_BUNDLE);
  const config = loadConfig({ ...process.env, SITE_ROOT: root, DATA_DIR: path.join(root, 'data') });
  return Object.assign(new ServerRenderer(new ServerBundles(config), pino({ level: 'silent' })), { root });
}

const registry = [{ name: 'mf_marketing' as const, entry: '/remotes/mf_marketing/local/mf-manifest.json', version: 'local' }];

describe('server rendering', () => {
  it("renders with the route's remote, which learns where its files are served", async () => {
    const html = await site(true).render({ url: '/', registry, remote: 'mf_marketing', queryData: [] });
    expect(html).toBe('<main data-url="/"><p>routes at /remotes/mf_marketing/local/</p></main>');
  });

  it('renders the frame alone for a page without a remote, or a remote with no server build', async () => {
    const renderer = site(true);
    expect(await renderer.render({ url: '/components', registry, queryData: [] })).toBe('<main data-url="/components"></main>');
    const elsewhere = [{ name: 'mf_marketing' as const, entry: 'https://cdn.example.net/mf-manifest.json', version: 'env' }];
    expect(await renderer.render({ url: '/', registry: elsewhere, remote: 'mf_marketing', queryData: [] })).toBe('<main data-url="/"></main>');
  });

  it('renders a page once and serves it again until a build changes', async () => {
    const renderer = site(COUNTING_SHELL_BUNDLE);
    const page = { url: '/', registry, remote: 'mf_marketing' as const, queryData: [] };
    expect(await renderer.render(page)).toBe('render 1 of /');
    expect(await renderer.render(page)).toBe('render 1 of /');
    expect(await renderer.render({ ...page, url: '/solutions/retail' })).toBe('render 2 of /solutions/retail');
    // A rebuilt remote (its server bundle changes) renders anew; the shell module stays loaded.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(renderer.root, 'mf-marketing/dist/server/index.js'), later, later);
    expect(await renderer.render(page)).toBe('render 3 of /');
  });

  it('renders a page again when the data it shows changes (a job posting that has closed)', async () => {
    const renderer = site(COUNTING_SHELL_BUNDLE);
    const job = (open: boolean) => ({ url: '/company/careers/a', registry, queryData: [{ queryKey: ['/api/jobs', 'a'], data: { slug: 'a', open } }] });
    expect(await renderer.render(job(true))).toBe('render 1 of /company/careers/a');
    expect(await renderer.render(job(true))).toBe('render 1 of /company/careers/a');
    expect(await renderer.render(job(false))).toBe('render 2 of /company/careers/a');
  });

  it('leaves the page to the browser when the shell has no server build or its render throws', async () => {
    expect(await site(false).render({ url: '/', registry, remote: 'mf_marketing', queryData: [] })).toBe('');
    expect(await site(true).render({ url: '/broken', registry, queryData: [] })).toBe('');
  });
});
