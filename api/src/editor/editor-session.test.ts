/**
 * People in the editor, against the real app on a fresh SQLite file with no content token at all:
 * signing in and out, the delays after wrong passwords, the one-time set-password link, and the
 * content API taken with a session: roles, cross-site writes refused, the audit naming the person.
 */
import request from 'supertest';
import { EDITOR_SESSION_COOKIE } from '@cardlift/contracts';
import { addAccount, PASSWORD, personClient, sessionCookie, signedIn, tokenOf } from '../../test/editor-people';
import { writeFixtureSite } from '../../test/fixture-builds';
import { testApp } from '../../test/test-app';

const app = testApp({ siteRoot: writeFixtureSite(), contentTokens: [] });
const server = app.koa.callback();
const site = app.config.siteAddresses.siteUrl;
beforeAll(() => app.start(), 60_000);
afterAll(() => app.close());

const signIn = (email: string, password: string) => request(server).post('/api/editor/session').send({ email, password });
const revisionsOf = async (id: string) => {
  const store = await app.editorialStore();
  return (await store.revisions((await store.item('blog', id))!.uid)).length;
};

describe('editor sessions', () => {
  it('signs a person in with an HttpOnly, SameSite=Strict cookie lasting the session, reads the session back, and signs out', async () => {
    const link = await addAccount(app, 'Pat@Example.com', 'editor');
    expect(link).toMatch(new RegExp(`^${site}/editor/set-password#token=[\\w-]{43}$`));
    await request(server)
      .post('/api/editor/password')
      .send({ token: tokenOf(link), password: PASSWORD })
      .expect(204);
    const res = await signIn('PAT@example.com ', PASSWORD).expect(200);
    expect(res.body).toEqual({ user: { email: 'pat@example.com', role: 'editor' }, csrfToken: expect.any(String) });
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    // Secure only when the request came over HTTPS (this one did not: see sign-in-security.test.ts).
    expect(setCookie).toMatch(new RegExp(`^${EDITOR_SESSION_COOKIE}=[\\w-]{43}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict$`));
    const cookie = sessionCookie(res);
    expect((await request(server).get('/api/editor/session').set('Cookie', cookie).expect(200)).body).toEqual(res.body);
    await request(server).get('/api/editor/session').expect(401);

    const person = personClient(server, site, cookie, res.body.csrfToken);
    // Signing out is a write: without the CSRF token it is refused and the session stays.
    await request(server).delete('/api/editor/session').set({ Cookie: cookie, Origin: site }).expect(403);
    const out = await person.delete('/api/editor/session').expect(204);
    expect(String(out.headers['set-cookie'])).toContain(`${EDITOR_SESSION_COOKIE}=; Max-Age=0`);
    await request(server).get('/api/editor/session').set('Cookie', cookie).expect(401);
    const trail = await (await import('./open-editor-store')).openEditorStore(app.config);
    expect((await trail.auditTrail()).filter((e) => e.subject === 'pat@example.com').map((e) => e.action)).toEqual([
      'account_added',
      'password_set',
      'sign_in',
      'sign_out',
    ]);
    await trail.close();
  });

  it('lets a set-password link work once, and refuses a short password naming the field', async () => {
    const token = tokenOf(await addAccount(app, 'kim@example.com', 'publisher'));
    const short = await request(server).post('/api/editor/password').send({ token, password: 'short' }).expect(400);
    expect(short.body.details.fieldErrors.password).toEqual(['Use at least 12 characters']);
    await request(server).post('/api/editor/password').send({ token, password: PASSWORD }).expect(204);
    const again = await request(server).post('/api/editor/password').send({ token, password: 'another long password' }).expect(410);
    expect(again.body.code).toBe('link_expired');
    await signIn('kim@example.com', 'another long password').expect(401);
    await signIn('kim@example.com', PASSWORD).expect(200);
  });
});

describe('the content API with a session', () => {
  it('lets an editor save a draft but not publish (403), with the person as the audit actor', async () => {
    const editor = await signedIn(app, server, 'ed@example.com', 'editor');
    const loaded = await editor.get('/api/content/blog/merchants-announcement').expect(200);
    const post = loaded.body.content;
    await editor
      .put('/api/content/blog/merchants-announcement', { ...post, title: 'A draft by Ed' })
      .set('If-Match', loaded.headers.etag!)
      .expect(200);
    const refused = await editor.post('/api/content/blog/merchants-announcement/publish').expect(403);
    expect(refused.body.code).toBe('forbidden');
    const store = await app.editorialStore();
    const audit = await store.audit((await store.item('blog', 'merchants-announcement'))!.uid);
    expect(audit.at(-1)).toMatchObject({ actor: 'ed@example.com', action: 'save' });
    const list = (await editor.get('/api/content/blog').expect(200)).body;
    expect(list).toContainEqual(
      expect.objectContaining({ id: 'merchants-announcement', title: 'A draft by Ed', author: 'ed@example.com', state: 'published' }),
    );
  });

  it('refuses a write from another site or without the CSRF token (403) and writes nothing', async () => {
    const person = await signedIn(app, server, 'pub@example.com', 'publisher');
    const post = (await person.get('/api/content/blog/merchants-announcement').expect(200)).body.content;
    const before = await revisionsOf('merchants-announcement');
    const path = '/api/content/blog/merchants-announcement';
    const crossSite = await request(server)
      .put(path)
      .set({ Cookie: person.cookie, Origin: 'https://evil.example', 'X-CSRF-Token': person.csrfToken })
      .send({ ...post, title: 'Forged' })
      .expect(403);
    expect(crossSite.body.code).toBe('csrf');
    await request(server)
      .put(path)
      .set({ Cookie: person.cookie, Origin: site })
      .send({ ...post, title: 'Forged' })
      .expect(403);
    // No Origin: only the browser's own word that the request is same-origin will do.
    await request(server)
      .post(`${path}/unpublish`)
      .set({ Cookie: person.cookie, 'Sec-Fetch-Site': 'cross-site', 'X-CSRF-Token': person.csrfToken })
      .expect(403);
    expect(await revisionsOf('merchants-announcement')).toBe(before);
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.title).not.toBe('Forged');
  });

  it('takes a write from the editor served at another address than SITE_URL (npm start on localhost)', async () => {
    const person = await signedIn(app, server, 'local@example.com', 'editor');
    const post = (await request(server).get('/api/blog/merchants-announcement').expect(200)).body;
    const etag = (await person.get('/api/content/blog/merchants-announcement').expect(200)).headers.etag!;
    const local = {
      Host: 'localhost:3000',
      Origin: 'http://localhost:3000',
      Cookie: person.cookie,
      'X-CSRF-Token': person.csrfToken,
      'If-Match': etag,
    };
    await request(server)
      .put('/api/content/blog/merchants-announcement')
      .set(local)
      .send({ ...post, title: 'Saved from localhost' })
      .expect(200);
    // Another page, even one sent to this host, is still refused.
    await request(server)
      .put('/api/content/blog/merchants-announcement')
      .set({ ...local, Origin: 'http://localhost:4000' })
      .send({ ...post, title: 'Forged' })
      .expect(403);
  });

  it('lets a publisher schedule, and lists what is scheduled soonest first', async () => {
    const person = await signedIn(app, server, 'sam@example.com', 'publisher');
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const etag = (await person.get('/api/content/jobs/data-scientist-measurement').expect(200)).headers.etag!;
    await person.post('/api/content/jobs/data-scientist-measurement/publish', { at }).set('If-Match', etag).expect(200);
    const scheduled = (await person.get('/api/content/scheduled').expect(200)).body;
    expect(scheduled).toContainEqual({
      kind: 'jobs',
      id: 'data-scientist-measurement',
      title: expect.any(String),
      publishAt: at,
      author: expect.any(String),
    });
    await request(server).get('/api/content/scheduled').expect(404);
  });
});
