/**
 * `npm run bench:purge-overload -w @cardlift/api`: purges during an origin overload, with real
 * Varnish running the shipped VCL. Nine pages are cached, then, under steady load (20 visitors at
 * once, each asking a page after the other), two purges of every page: a publish while the probe says
 * the origin is sick, and a rollback in the moment an overload starts (before the probe notices).
 * Prints, for each, the answers that were errors (want 0), the age of what was served, and how long
 * after the origin recovered every page was new. The origin is a stand-in (test/overloadable-origin.ts):
 * this measures the cache's rules, not the api.
 */
import { overloadableOrigin, probedHealthy, probedSick, type OverloadableOrigin } from '../test/overloadable-origin';
import { startVarnish, type Varnish } from '../test/varnish';

const PAGES = Array.from({ length: 9 }, (_, i) => `/page-${i + 1}`);
const VISITORS = 20;
const PHASE_MS = 4000;

interface Served {
  errors: number;
  answers: number;
  ages: number[];
}

/** `VISITORS` loops asking pages through the cache until `stop` resolves. */
function load(cache: Varnish, stop: Promise<void>): Promise<Served> {
  const served: Served = { errors: 0, answers: 0, ages: [] };
  let running = true;
  void stop.then(() => (running = false));
  const visitor = async (offset: number) => {
    for (let i = offset; running; i++) {
      const answer = await fetch(`${cache.url}${PAGES[i % PAGES.length]}`).catch(() => undefined);
      await answer?.arrayBuffer();
      served.answers += 1;
      if (answer?.status !== 200) served.errors += 1;
      else served.ages.push(Number(answer.headers.get('age') ?? 0));
    }
  };
  return Promise.all(Array.from({ length: VISITORS }, (_, i) => visitor(i))).then(() => served);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const purge = (cache: Varnish) => fetch(cache.url, { method: 'PURGE', headers: { 'xkey-purge': 'page' } });

/** Resolves once every page through the cache shows `version`. */
async function untilNew(cache: Varnish, version: number): Promise<void> {
  for (const page of PAGES) {
    while (!(await (await fetch(`${cache.url}${page}`)).text()).includes(`version ${version} `)) await sleep(20);
  }
}

async function phase(label: string, cache: Varnish, origin: OverloadableOrigin, during: () => Promise<void>): Promise<void> {
  let end = () => undefined as void;
  const served = load(cache, new Promise<void>((resolve) => (end = resolve)));
  await during();
  await sleep(PHASE_MS);
  origin.state.overloaded = false;
  const recoveredAt = Date.now();
  await probedHealthy(cache.url);
  await untilNew(cache, origin.state.version);
  end();
  const { errors, answers, ages } = await served;
  console.log(
    `  ${label.padEnd(44)} answers ${answers}, errors ${errors}; age served p50 ${percentile(ages, 0.5)} s, max ${Math.max(0, ...ages)} s; every page new ${Date.now() - recoveredAt} ms after recovery`,
  );
}

async function main(): Promise<void> {
  const origin = await overloadableOrigin();
  const cache = await startVarnish(origin.port);
  try {
    await probedHealthy(cache.url);
    for (const page of PAGES) await fetch(`${cache.url}${page}`);
    console.log(`Purges during an origin overload: ${PAGES.length} pages, ${VISITORS} visitors, ${PHASE_MS} ms overloaded`);
    await phase('publish while the probe says sick', cache, origin, async () => {
      origin.state.overloaded = true;
      await probedSick(cache.url, origin);
      origin.state.version += 1;
      await purge(cache);
    });
    await phase('rollback as the overload starts (probe healthy)', cache, origin, async () => {
      origin.state.version += 1;
      origin.state.overloaded = true;
      await purge(cache);
    });
  } finally {
    await cache.stop();
    origin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
