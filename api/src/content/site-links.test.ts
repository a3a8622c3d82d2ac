/**
 * The announcement bar and the home pill never link every page to "not found": unpublishing the post
 * a banner links to is refused naming the place, as is publishing banners whose link names no live
 * page; a renamed post keeps the link working (its old address answers 301) until it is unpublished.
 */
import request from 'supertest';
import { CONTENT_TOKENS, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const api = contentApi(server);

const banners = async () => (await api.get('banners/site').expect(200)).body.content as Record<string, { link: string } | null>;
/** Saves the banners with `link` in `field`, then publishes them: the publish's answer, expected `status`. */
async function publishBannerLink(field: 'primary' | 'secondary', link: string, status = 200) {
  const content = await banners();
  await api.save('banners/site', { ...content, [field]: { ...content[field], link } }).expect(200);
  return api.publish('banners/site').expect(status);
}

it('refuses to unpublish the post the announcement bar links to, naming the bar; once the link moves, it may go', async () => {
  const linked = (await banners()).primary!.link;
  expect(linked).toMatch(/^\/blog\//);
  const post = linked.replace(/^\//, '');
  const refused = await api.unpublish(post).expect(409);
  expect(refused.body.code).toBe('content_refused');
  expect(refused.body.error).toContain(`the announcement bar (top of every page) links to ${linked}`);
  await request(server).get(`/api${linked}`).expect(200);

  await publishBannerLink('primary', '/blog/measuring-incrementality');
  await api.unpublish(post).expect(200);
});

it('refuses banners whose link names no live page, naming the field', async () => {
  const refused = await publishBannerLink('secondary', '/case-studies/no-such-study', 409);
  expect(refused.body.error).toContain('field "secondary.link": the home page hero pill links to /case-studies/no-such-study');
  // Pages that are not content, and addresses elsewhere, are the link rule's business, not this one's.
  await publishBannerLink('secondary', '/company/about-us');
});

it('follows a rename: the old address still leads to the post, until the post itself is unpublished', async () => {
  await publishBannerLink('primary', '/blog/transactional-data-announcement?from=bar');
  const post = (await api.get('blog/transactional-data-announcement').expect(200)).body.content as Record<string, unknown>;
  await api.save('blog/transactional-data-announcement', { ...post, id: 'transactional-data-renamed' }).expect(200);
  await api.publish('blog/transactional-data-announcement').expect(200);
  const refused = await api.unpublish('blog/transactional-data-renamed').expect(409);
  expect(refused.body.error).toContain('links to /blog/transactional-data-announcement?from=bar');
});
