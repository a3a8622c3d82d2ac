/**
 * Server rendering as the api runs it: in renderer processes (render-pool.ts), with the shell's server
 * build and the registry's version of the route's remote, which learns the URL its files are served
 * under. A missing build, a throw, a load that never settles, code that blocks its thread or crashes
 * its worker: each leaves that page to the browser (an empty root), keeps nothing broken, and never
 * touches the api process. Section code sees none of the api's secrets. Uses small stand-in bundles
 * with the same exports as the real ones (the browser suite covers the real builds).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../app-config';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { RenderPool, type RenderPoolOptions } from './render-pool';

const SHELL_BUNDLE = `
exports.renderApp = async (input) => {
  if (input.url === '/broken') throw new Error('render failed');
  const names = Object.keys(input.remotes);
  const parts = await Promise.all(names.map((n) => input.remotes[n]()));
  return '<main data-url="' + input.url + '">' + parts.join('') + '</main>';
};`;
const REMOTE_BUNDLE = `exports.loadRoutes = async (publicPath) => () => '<p>routes at ' + publicPath + '</p>';`;

const COUNTING_SHELL_BUNDLE = `let renders = 0; exports.renderApp = async (input) => 'render ' + ++renders + ' of ' + input.url;`;

const pools: RenderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function site(withShell: boolean | string, remote = REMOTE_BUNDLE, options: RenderPoolOptions = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-ssr-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  if (withShell) write('shell/dist/server/index.js', typeof withShell === 'string' ? withShell : SHELL_BUNDLE);
  write('mf-marketing/dist/server/index.js', remote);
  const config = loadConfig({ ...process.env, SITE_ROOT: root, DATA_DIR: path.join(root, 'data') });
  const pool = new RenderPool(config, pino({ level: 'silent' }), { maxThreads: 1, ...options });
  pools.push(pool);
  return Object.assign(pool, { root });
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
    expect(await renderer.render({ url: '/', registry: elsewhere, remote: 'mf_marketing', queryData: [] })).toBe(
      '<main data-url="/"></main>',
    );
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
    const job = (open: boolean) => ({
      url: '/company/careers/a',
      registry,
      queryData: [{ queryKey: ['/api/jobs', 'a'], data: { slug: 'a', open } }],
    });
    expect(await renderer.render(job(true))).toBe('render 1 of /company/careers/a');
    expect(await renderer.render(job(true))).toBe('render 1 of /company/careers/a');
    expect(await renderer.render(job(false))).toBe('render 2 of /company/careers/a');
  });

  it('leaves the page to the browser when the shell has no server build or its render throws', async () => {
    expect(await site(false).render({ url: '/', registry, remote: 'mf_marketing', queryData: [] })).toBe('');
    expect(await site(true).render({ url: '/broken', registry, queryData: [] })).toBe('');
  });

  it('keeps one body for the unknown paths of one route of a section, and another for each other route', async () => {
    const pool = site(COUNTING_SHELL_BUNDLE);
    const missing = (url: string, route = '') => ({ url, registry, remote: 'mf_marketing' as const, queryData: [], notFound: route });
    expect(await pool.render(missing('/products/nope'))).toBe('render 1 of /products/nope');
    expect(await pool.render(missing('/products/other'))).toBe('render 1 of /products/nope');
    // An unknown id of a content route renders that route's own state, not the section's not-found page.
    expect(await pool.render(missing('/products/a/b', '/products/:slug/b'))).toBe('render 2 of /products/a/b');
    expect(await pool.render(missing('/products/c/b', '/products/:slug/b'))).toBe('render 2 of /products/a/b');
  });
});

const page = { url: '/', registry, remote: 'mf_marketing' as const, queryData: [] };

describe('a section whose server code misbehaves', () => {
  it('that throws while loading: the page is left to the browser, and rendered again once the build is fixed', async () => {
    const pool = site(true, `exports.loadRoutes = async () => { throw new Error('broken section'); };`);
    expect(await pool.render(page)).toBe('<main data-url="/"></main>');
    fs.writeFileSync(path.join(pool.root, 'mf-marketing/dist/server/index.js'), REMOTE_BUNDLE);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(pool.root, 'mf-marketing/dist/server/index.js'), later, later);
    expect(await pool.render(page)).toBe('<main data-url="/"><p>routes at /remotes/mf_marketing/local/</p></main>');
  });

  it('whose load never settles: answered at the deadline, never kept, and other pages keep rendering', async () => {
    const pool = site(true, `exports.loadRoutes = () => new Promise(() => {});`);
    await pool.warm();
    const started = performance.now();
    expect(await pool.render(page)).toBe('');
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(6000);
    expect(await pool.render({ url: '/components', registry, queryData: [] })).toBe('<main data-url="/components"></main>');
    // Not kept as broken: the next visitor's request tries again.
    expect(await pool.render(page)).toBe('');
  }, 20_000);

  it('that blocks its thread: the worker is ended at the deadline and a fresh one serves the next page', async () => {
    const pool = site(true, `exports.loadRoutes = async (p) => { if (p) { for (;;) {} } };`, { renderDeadlineMs: 4000 });
    await pool.warm();
    expect(await pool.render(page)).toBe('');
    expect(await pool.render({ url: '/components', registry, queryData: [] })).toBe('<main data-url="/components"></main>');
  }, 30_000);

  it('that crashes its worker with an unhandled rejection: the api process lives on', async () => {
    const pool = site(
      true,
      `exports.loadRoutes = async () => { Promise.reject(new Error('unhandled in a section')); return new Promise(() => {}); };`,
    );
    expect(await pool.render(page)).toBe('');
    expect(await pool.render({ url: '/components', registry, queryData: [] })).toBe('<main data-url="/components"></main>');
  }, 30_000);

  it('changed on the shared volume after its release: not loaded, the browser renders it', async () => {
    const pool = site(true);
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-ssr-release-'));
    fs.mkdirSync(path.join(build, 'server'));
    fs.writeFileSync(path.join(build, 'server', 'index.js'), REMOTE_BUNDLE);
    const releasesDir = path.join(pool.root, 'data', 'releases');
    await new DirectoryArtifactStore(releasesDir).put('mf_marketing', '1.0.0-abcdef0123', build);
    const released = [
      { name: 'mf_marketing' as const, entry: '/remotes/mf_marketing/1.0.0-abcdef0123/mf-manifest.json', version: '1.0.0-abcdef0123' },
    ];
    const request = { url: '/', registry: released, remote: 'mf_marketing' as const, queryData: [], uncached: true };
    expect(await pool.render(request)).toBe('<main data-url="/"><p>routes at /remotes/mf_marketing/1.0.0-abcdef0123/</p></main>');
    const bundle = path.join(releasesDir, 'mf_marketing', '1.0.0-abcdef0123', 'server', 'index.js');
    fs.writeFileSync(bundle, `exports.loadRoutes = async () => () => '<p>tampered</p>';`);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(bundle, later, later);
    expect(await pool.render(request)).toBe('<main data-url="/"></main>');
  }, 20_000);

  it('renders a release stored after the renderers started, into a releases folder that did not exist yet', async () => {
    const pool = site(true);
    await pool.warm();
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-ssr-release-'));
    fs.mkdirSync(path.join(build, 'server'));
    fs.writeFileSync(path.join(build, 'server', 'index.js'), REMOTE_BUNDLE);
    await new DirectoryArtifactStore(path.join(pool.root, 'data', 'releases')).put('mf_marketing', '1.0.0-abcdef0123', build);
    const released = [
      { name: 'mf_marketing' as const, entry: '/remotes/mf_marketing/1.0.0-abcdef0123/mf-manifest.json', version: '1.0.0-abcdef0123' },
    ];
    expect(await pool.render({ url: '/', registry: released, remote: 'mf_marketing', queryData: [] })).toBe(
      '<main data-url="/"><p>routes at /remotes/mf_marketing/1.0.0-abcdef0123/</p></main>',
    );
  });

  it("reads none of the api's secrets from the environment", async () => {
    process.env.DATABASE_URL = 'postgres://admin:hunter2@db.internal/leads';
    try {
      const pool = site(true, `exports.loadRoutes = async () => () => '<p>' + JSON.stringify(process.env) + '</p>';`);
      const html = await pool.render(page);
      expect(html).toContain('<p>{');
      expect(html).not.toContain('hunter2');
    } finally {
      delete process.env.DATABASE_URL;
    }
  }, 20_000);
});
