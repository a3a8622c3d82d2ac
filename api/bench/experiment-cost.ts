/**
 * What an experiment costs a page at the origin, in process on the fixture site: time per request
 * and HTML size of the same post with no experiment, in the control arm and in the variant arm
 * (median of 3 rounds of 200 requests each, in the same run).
 *   npx tsx api/bench/experiment-cost.ts
 */
import request from 'supertest';
import { CONTENT_TOKENS, PUBLISHER_TOKEN, contentApi } from '../test/content-api-client';
import { writeFixtureSite } from '../test/fixture-builds';
import { BROWSER } from '../test/rum-visits';
import { testApp } from '../test/test-app';

const PAGE = '/blog/merchants-announcement';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const app = testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS });
  await app.start();
  await app.warm();
  const server = app.koa.callback();
  const get = (cookie?: string) =>
    request(server)
      .get(PAGE)
      .set({ 'User-Agent': BROWSER, ...(cookie ? { Cookie: cookie } : {}) });
  const time = async (cookie?: string) => {
    const rounds: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      for (let i = 0; i < 200; i++) bytes = (await get(cookie)).text.length;
      rounds.push((performance.now() - started) / 200);
    }
    return { ms: median(rounds), bytes };
  };
  const none = await time();
  const api = contentApi(server);
  const live = (await api.get('blog/merchants-announcement')).body.content as object;
  const saved = await api.save('blog/merchants-announcement', { ...live, title: 'Variant B' });
  const publisher = { Authorization: `Bearer ${PUBLISHER_TOKEN}` };
  await request(server)
    .post('/api/experiments')
    .set(publisher)
    .send({ id: 'cost', kind: 'blog', itemId: 'merchants-announcement', variants: [{ name: 'B', revision: saved.body.latestRevision }] })
    .send({ baselineRate: 0.05, minimumLift: 0.2, plannedDays: 14 });
  await request(server).post('/api/experiments/cost/start').set(publisher);
  const cookies: Record<string, string> = {};
  for (let i = 0; i < 40 && Object.keys(cookies).length < 2; i++) {
    const first = await get();
    const cookie = ((first.headers['set-cookie'] as unknown as string[]) ?? []).map((line) => line.split(';')[0]).join('; ');
    cookies[first.text.includes('Variant B') ? 'B' : 'control'] ??= cookie;
  }
  const control = await time(cookies.control);
  const variant = await time(cookies.B);
  console.log('per request at the origin (in process, median of 3 x 200), HTML characters:');
  for (const [name, figures] of Object.entries({ 'no experiment': none, 'control arm': control, 'variant arm': variant }))
    console.log(`  ${name.padEnd(14)} ${figures.ms.toFixed(2)} ms  ${figures.bytes} chars`);
  await app.close();
}

void main();
