/**
 * Texts a save refuses, with a message naming the field: a title or a banner's words longer than a
 * line anyone reads, any text past 10,000 characters, and the invisible controls that make a text
 * display differently from what it says. Right-to-left words themselves are welcome.
 */
import { TEXT_LIMITS } from '@cardlift/contracts';
import { CONTENT_TOKENS, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const api = contentApi(app.koa.callback());
const POST = 'blog/merchants-announcement';

const content = async (path: string) => (await api.get(path).expect(200)).body.content as Record<string, unknown>;
const revisions = async () => ((await api.get(`${POST}/revisions`).expect(200)).body as unknown[]).length;

it('refuses a 3,000-character title and a 5,000-character banner, naming the field and the limit', async () => {
  const before = await revisions();
  const long = await api.save(POST, { ...(await content(POST)), title: 'T'.repeat(3000) }).expect(400);
  expect(long.body.details.issues).toEqual([
    { path: 'title', message: `keep it to ${TEXT_LIMITS.title} characters or fewer (it has 3000)` },
  ]);
  const banners = await content('banners/site');
  const banner = await api.save('banners/site', { ...banners, primary: { text: 'B'.repeat(5000), link: '/blog' } }).expect(400);
  expect(banner.body.details.issues[0]).toMatchObject({
    path: 'primary.text',
    message: expect.stringContaining(`${TEXT_LIMITS.bannerText} characters`),
  });
  expect(await revisions()).toBe(before);
});

it('refuses text-direction override controls, and keeps Hebrew, Arabic and Japanese words', async () => {
  const post = await content(POST);
  const tricked = await api.save(POST, { ...post, title: 'Offers \u202Efdp.exe' }).expect(400);
  expect(tricked.body.details.issues[0]).toMatchObject({ path: 'title', message: expect.stringContaining('U+202E') });
  await api.save(POST, { ...post, title: 'שלום مرحبا こんにちは' }).expect(200);
});
