/**
 * A scheduled publish is never ended silently: publishing now or unpublishing while one is pending is
 * refused (409 naming the revision, who set it and when it is due) unless the request says to cancel
 * it; the answer then names the schedule it cancelled, and the item's status says who did what last
 * (what the other person's open screen reads).
 */
import { CONTENT_TOKENS, contentApi } from '../../test/content-api-client';
import { signedIn } from '../../test/editor-people';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const bob = contentApi(server);
const POST = 'blog/measuring-incrementality';
const PATH = `/api/content/${POST}`;

let people = 0;
/** Alice, a publisher in the editor, schedules the latest revision an hour from now. */
async function aliceSchedules() {
  const alice = await signedIn(app, server, `alice${(people += 1)}@cardlift.example`, 'publisher');
  const seen = await alice.get(PATH).expect(200);
  const at = new Date(Date.now() + 3_600_000).toISOString();
  await alice.post(`${PATH}/publish`, { at }).set('If-Match', String(seen.headers.etag)).expect(200);
  const content = seen.body.content as Record<string, unknown>;
  /** What Alice's open screen hears on its next presence call. */
  const screen = async () => (await alice.post(`/api/editor/presence/${POST}`).expect(200)).body.item as Record<string, unknown>;
  return { at, revision: seen.body.latestRevision as number, content, screen };
}

it('refuses to publish now over a colleague’s schedule, naming it, and cancels it only when asked', async () => {
  const { at, revision, content, screen } = await aliceSchedules();
  expect(await screen()).toMatchObject({
    state: 'scheduled',
    scheduledRevision: revision,
    publishAt: at,
    lastAction: { action: 'schedule' },
  });
  await bob.save(POST, { ...content, title: 'Bob’s newer title' }).expect(200);

  const refused = await bob.publish(POST).expect(409);
  expect(refused.body.code).toBe('schedule_pending');
  expect(refused.body.details.schedule).toMatchObject({
    revision,
    publishAt: at,
    scheduledBy: expect.stringMatching(/^alice\d@cardlift.example$/),
  });
  expect(refused.body.error).toMatch(new RegExp(`^alice\\d@cardlift.example scheduled revision ${revision} `));
  expect(refused.body.error).toContain('replaceSchedule');
  const untouched = (await bob.get(POST).expect(200)).body;
  expect(untouched).toMatchObject({
    state: 'scheduled',
    scheduledRevision: revision,
    publishAt: at,
    scheduledBy: expect.stringMatching(/^alice\d@cardlift.example$/),
  });

  const done = await bob.publish(POST, { replaceSchedule: true }).expect(200);
  expect(done.body).toMatchObject({
    state: 'published',
    liveRevision: revision + 1,
    scheduledRevision: null,
    cancelledSchedule: { revision, publishAt: at, scheduledBy: expect.stringMatching(/^alice\d@cardlift.example$/) },
    lastAction: { actor: 'CONTENT_TOKEN_PUBLISHER', action: 'publish, cancelling the schedule' },
  });
  // Alice's screen learns who ended her schedule, on its next presence call.
  expect(await screen()).toMatchObject({
    state: 'published',
    liveRevision: revision + 1,
    scheduledRevision: null,
    publishAt: null,
    lastAction: { actor: 'CONTENT_TOKEN_PUBLISHER', action: 'publish, cancelling the schedule' },
  });
});

it('refuses to unpublish over a pending schedule unless told to cancel it', async () => {
  const { at, revision } = await aliceSchedules();
  const refused = await bob.unpublish(POST).expect(409);
  expect(refused.body).toMatchObject({ code: 'schedule_pending', details: { schedule: { revision, publishAt: at } } });
  expect((await bob.get(POST).expect(200)).body.state).toBe('scheduled');

  const done = await bob.unpublish(POST, { cancelSchedule: true }).expect(200);
  expect(done.body).toMatchObject({
    state: 'unpublished',
    cancelledSchedule: { revision, scheduledBy: expect.stringMatching(/^alice\d@cardlift.example$/) },
  });
  // With no schedule pending, nothing needs saying.
  await bob.publish(POST).expect(200);
  expect((await bob.unpublish(POST).expect(200)).body.cancelledSchedule).toBeUndefined();
});
