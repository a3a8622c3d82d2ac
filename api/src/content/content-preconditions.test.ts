/**
 * No silent overwrite, through the content API as scripts and the editor call it: a write names the
 * revision it was based on (If-Match, the ETag a GET answers), a stale one is refused with 409 naming
 * who, when and which fields, none at all with 428; a publisher's token may overwrite with `*`.
 * And nothing unsafe published: stored content that breaks today's rules is refused at publish.
 */
import request from 'supertest';
import { revisionEtag } from '@cardlift/contracts';
import { CONTENT_TOKENS, EDITOR_TOKEN, PUBLISHER_TOKEN, contentApi } from '../../test/content-api-client';
import { signedIn } from '../../test/editor-people';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const api = contentApi(server);
const POST = '/api/content/blog/merchants-announcement';
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

async function current(path = POST) {
  const res = await request(server).get(path).set(as(PUBLISHER_TOKEN)).expect(200);
  return { etag: String(res.headers.etag), body: res.body as { latestRevision: number; content: Record<string, unknown> } };
}

describe('writes name the revision they were based on', () => {
  it("answers the latest revision's ETag on GET and on every write", async () => {
    const { etag, body } = await current();
    expect(etag).toBe(revisionEtag(body.latestRevision));
    const saved = await request(server)
      .put(POST)
      .set(as(EDITOR_TOKEN))
      .set('If-Match', etag)
      .send({ ...body.content, title: 'A title with its base' })
      .expect(200);
    expect(saved.headers.etag).toBe(revisionEtag(body.latestRevision + 1));
  });

  it('refuses a write naming no revision with 428 and names the header, writing nothing', async () => {
    const { body } = await current();
    const res = await request(server).put(POST).set(as(PUBLISHER_TOKEN)).send(body.content).expect(428);
    expect(res.body).toMatchObject({ code: 'precondition_required', error: expect.stringContaining('If-Match') });
    await request(server).post(`${POST}/publish`).set(as(PUBLISHER_TOKEN)).send({}).expect(428);
    await request(server).post(`${POST}/unpublish`).set(as(PUBLISHER_TOKEN)).expect(428);
    await request(server).post(`${POST}/restore`).set(as(PUBLISHER_TOKEN)).send({ revision: 1 }).expect(428);
    expect((await current()).body.latestRevision).toBe(body.latestRevision);
  });

  it('refuses a stale save with 409 naming who saved since, when, and which fields differ', async () => {
    const { etag, body } = await current();
    await api.save('blog/merchants-announcement', { ...body.content, excerpt: 'Changed by the publisher' }).expect(200);
    const res = await request(server)
      .put(POST)
      .set(as(EDITOR_TOKEN))
      .set('If-Match', etag)
      .send({ ...body.content, title: 'Written from the old revision' })
      .expect(409);
    expect(res.body.code).toBe('stale');
    expect(res.body.details).toMatchObject({
      baseRevision: body.latestRevision,
      latestRevision: body.latestRevision + 1,
      changedBy: ['CONTENT_TOKEN_PUBLISHER'],
      changedAt: expect.any(String),
      fields: ['excerpt'],
    });
    expect(res.body.error).toContain('CONTENT_TOKEN_PUBLISHER');
    expect(res.body.error).toContain('excerpt');
    const after = await current();
    expect(after.body.content.excerpt).toBe('Changed by the publisher');
    expect(after.body.content.title).toBe(body.content.title);
  });

  it('refuses with 428 an If-Match listing several revisions or naming a weak tag, from anyone, writing nothing', async () => {
    const { body } = await current();
    const older = Array.from({ length: body.latestRevision }, (_, i) => revisionEtag(i + 1));
    const overwrite = { ...body.content, title: 'Written over whatever is latest' };
    const person = await signedIn(app, server, 'eve.editor@cardlift.example', 'editor');
    for (const header of [[...older, revisionEtag(body.latestRevision + 1)].join(', '), `W/${revisionEtag(body.latestRevision)}`]) {
      const refused = await person.put(POST, overwrite).set('If-Match', header).expect(428);
      expect(refused.body).toMatchObject({ code: 'precondition_required', error: expect.stringMatching(/several revisions|weak tag/) });
      await request(server).put(POST).set(as(PUBLISHER_TOKEN)).set('If-Match', header).send(overwrite).expect(428);
      await request(server).post(`${POST}/publish`).set(as(PUBLISHER_TOKEN)).set('If-Match', header).send({}).expect(428);
    }
    expect((await current()).body).toEqual(body);
  });

  it('lets a publisher token overwrite whatever is there with If-Match: *, and nobody else', async () => {
    const { body } = await current();
    const overwrite = { ...body.content, title: 'Overwritten on purpose' };
    await request(server).put(POST).set(as(EDITOR_TOKEN)).set('If-Match', '*').send(overwrite).expect(428);
    const res = await request(server).put(POST).set(as(PUBLISHER_TOKEN)).set('If-Match', '*').send(overwrite).expect(200);
    expect(res.body.latestRevision).toBe(body.latestRevision + 1);
    const person = await signedIn(app, server, 'pia.publisher@cardlift.example', 'publisher');
    await person.put(POST, overwrite).set('If-Match', '*').expect(428);
  });

  it('publishes the revision the publisher saw, and refuses with 409 when a newer one was saved', async () => {
    const seen = await current();
    await api.save('blog/merchants-announcement', { ...seen.body.content, title: 'UNREVIEWED EDITOR TEXT' }).expect(200);
    const res = await request(server).post(`${POST}/publish`).set(as(PUBLISHER_TOKEN)).set('If-Match', seen.etag).send({}).expect(409);
    expect(res.body.details.fields).toEqual(['title']);
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.title).not.toBe('UNREVIEWED EDITOR TEXT');
  });

  it('creates an item with If-None-Match: *, and refuses a second create of the same id with 409', async () => {
    const { body } = await current();
    const post = { ...body.content, id: 'created-once', title: 'Created once' };
    await request(server).put('/api/content/blog/created-once').set(as(EDITOR_TOKEN)).set('If-None-Match', '*').send(post).expect(200);
    const again = await request(server)
      .put('/api/content/blog/created-once')
      .set(as(EDITOR_TOKEN))
      .set('If-None-Match', '*')
      .send(post)
      .expect(409);
    expect(again.body.code).toBe('exists');
  });

  it('refuses a publish time that has passed with 422, scheduling nothing', async () => {
    const { etag } = await current();
    const res = await request(server)
      .post(`${POST}/publish`)
      .set(as(PUBLISHER_TOKEN))
      .set('If-Match', etag)
      .send({ at: new Date(Date.now() - 60_000).toISOString() })
      .expect(422);
    expect(res.body.code).toBe('past_time');
    expect((await current()).body).toMatchObject({ state: 'published' });
  });
});

describe('nothing unsafe published', () => {
  it('refuses at publish a banner whose link was stored before the link rule', async () => {
    const store = await app.editorialStore();
    const item = (await store.item('banners', 'site'))!;
    const latest = (await store.revision(item.uid, item.latestRevision))!;
    const body = { ...(latest.body as object), primary: { text: 'Win a prize', link: 'javascript:alert(document.cookie)' } };
    const at = new Date().toISOString();
    const next = { ...item, latestRevision: item.latestRevision + 1, updatedAt: at };
    await store.commit({
      expected: { latestRevision: item.latestRevision, state: item.state },
      item: next,
      revision: {
        uid: item.uid,
        revision: next.latestRevision,
        itemId: 'site',
        body,
        createdAt: at,
        createdBy: 'old release',
        restoredFrom: null,
      },
      audit: { actor: 'old release', action: 'save', kind: 'banners', itemId: 'site', before: null, after: body, at },
      live: false,
    });
    const res = await api.publish('banners/site').expect(422);
    expect(res.body.code).toBe('content_invalid');
    expect(res.body.details.issues).toEqual([{ path: 'primary.link', message: expect.stringContaining('javascript') }]);
    expect((await request(server).get('/api/banners').expect(200)).body.primary.link).not.toContain('javascript');
  });

  it('refuses to save an image without alt text unless it is marked decorative', async () => {
    const { body } = await current('/api/content/blog/offers-api-announcement');
    const withoutAlt = { ...body.content, heroImageAlt: undefined };
    const res = await api.save('blog/offers-api-announcement', withoutAlt).expect(400);
    expect(res.body.details.issues).toEqual([{ path: 'heroImageAlt', message: 'needs alt text, or mark the image as decorative' }]);
    await api.save('blog/offers-api-announcement', { ...withoutAlt, heroImageDecorative: true }).expect(200);
  });
});
