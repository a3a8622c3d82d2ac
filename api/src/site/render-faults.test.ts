/**
 * Faults stay in the box: a section whose server code loops forever, allocates without bound or
 * crashes its renderer process costs that process alone. The page is still served (that section
 * left to the browser), other pages keep being answered meanwhile, a fresh renderer takes the next
 * page, and the failure is counted against the section and version (what /metrics shows).
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../app-config';
import { RenderPool } from './render-pool';
import { MISBEHAVIOURS, misbehavingSiteRequest as request, writeMisbehavingSite } from '../../test/misbehaving-site';

const pools: RenderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** A site whose mf-marketing build misbehaves on `/` only; two renderers. */
function site(misbehaviour: string) {
  const root = writeMisbehavingSite(misbehaviour);
  const config = loadConfig({ ...process.env, SITE_ROOT: root, DATA_DIR: path.join(root, 'data') });
  const failures: string[] = [];
  const pool = new RenderPool(config, pino({ level: 'silent' }), { maxThreads: 2, renderDeadlineMs: 4000 });
  pool.observer = {
    cacheAnswered: () => undefined,
    rendered: () => undefined,
    renderFailed: (remote, version) => failures.push(`${remote}@${version}`),
  };
  // What is stored for the release health and the canary guard: every render, failed or not.
  const renders: string[] = [];
  pool.sectionRendered = (remote, version, ok) => renders.push(`${remote}@${version} ${ok ? 'ok' : 'failed'}`);
  pools.push(pool);
  return { pool, failures, renders };
}

describe.each([
  ['loops forever', MISBEHAVIOURS.loop],
  ['allocates 2 GB', MISBEHAVIOURS.allocate2Gb],
  ['crashes its renderer', MISBEHAVIOURS.crash],
])('a section whose render %s', (_name, misbehaviour) => {
  it('is ended and counted; the page is served without it, other pages meanwhile, and a fresh renderer follows', async () => {
    const { pool, failures, renders } = site(misbehaviour);
    await pool.warm();
    const before = pool.rendererPids();
    const broken = pool.render(request('/'));
    // While one renderer is stuck, the other answers.
    expect(await pool.render(request('/about'))).toBe('<main data-url="/about"><p>section</p></main>');
    expect(await broken).toBe('');
    expect(failures).toEqual(['mf_marketing@local']);
    expect(await pool.render(request('/contact'))).toBe('<main data-url="/contact"><p>section</p></main>');
    expect(renders.sort()).toEqual(['mf_marketing@local failed', 'mf_marketing@local ok', 'mf_marketing@local ok']);
    const after = pool.rendererPids();
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => !before.includes(pid))).toHaveLength(1);
  }, 30_000);
});

describe.each([
  ['loops forever', MISBEHAVIOURS.loop],
  ['crashes its renderer', MISBEHAVIOURS.crash],
])('a page queued behind a render that %s', (name, misbehaviour) => {
  it('is rendered by another renderer: neither lost nor counted as a failure', async () => {
    const { pool, failures } = site(misbehaviour);
    await pool.warm();
    // Two renderers, each sent one task and one more queued behind it: /queued waits behind '/'.
    const broken = pool.render(request('/'));
    const others = [pool.render(request('/a')), pool.render(request('/queued')), pool.render(request('/b'))];
    const first = await Promise.race([others[1]!.then(() => 'queued'), broken.then(() => 'broken')]);
    // Taken back from behind the loop for the idle renderer, before the loop's deadline ends it.
    if (name === 'loops forever') expect(first).toBe('queued');
    expect(await Promise.all(others)).toEqual(['/a', '/queued', '/b'].map((url) => `<main data-url="${url}"><p>section</p></main>`));
    expect(await broken).toBe('');
    expect(failures).toEqual(['mf_marketing@local']);
  }, 30_000);
});
