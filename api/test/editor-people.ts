/** People of the editor for tests: accounts made as the CLI makes them, and sign-ins through the real routes. */
import request from 'supertest';
import { CSRF_HEADER, EDITOR_SESSION_COOKIE, type EditorRole } from '@cardlift/contracts';
import type { App } from '../src/app';
import { AccountService } from '../src/editor/editor-accounts';
import { openEditorStore } from '../src/editor/open-editor-store';

type Server = Parameters<typeof request>[0];

export const PASSWORD = 'correct horse battery staple';

/** The token of a set-password link (`...#token=<token>`). */
export const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');

/** Adds an account on the app's database; answers its set-password link. */
export async function addAccount(app: App, email: string, role: EditorRole): Promise<string> {
  const store = await openEditorStore(app.config);
  try {
    const accounts = new AccountService({ store: async () => store, siteUrl: app.config.siteAddresses.siteUrl, clock: () => new Date() });
    return await accounts.add(email, role);
  } finally {
    await store.close();
  }
}

/** The value of the session cookie a response set. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const found = cookies.find((c) => c.startsWith(`${EDITOR_SESSION_COOKIE}=`));
  if (!found) throw new Error(`no ${EDITOR_SESSION_COOKIE} cookie in ${JSON.stringify(cookies)}`);
  return found.split(';')[0]!;
}

/** Adds an account, sets its password through the link's route and signs in. */
export async function signedIn(app: App, server: Server, email: string, role: EditorRole) {
  const link = await addAccount(app, email, role);
  await request(server)
    .post('/api/editor/password')
    .send({ token: tokenOf(link), password: PASSWORD })
    .expect(204);
  const res = await request(server).post('/api/editor/session').send({ email, password: PASSWORD }).expect(200);
  return personClient(server, app.config.siteAddresses.siteUrl, sessionCookie(res), res.body.csrfToken as string);
}

/** Calls as the editor's own pages make them: the cookie, the site's Origin and the CSRF token. */
export function personClient(server: Server, origin: string, cookie: string, csrfToken: string) {
  const own = { Cookie: cookie, Origin: origin, [CSRF_HEADER]: csrfToken };
  return {
    cookie,
    csrfToken,
    get: (path: string) => request(server).get(path).set('Cookie', cookie),
    put: (path: string, body: object) => request(server).put(path).set(own).send(body),
    post: (path: string, body: object = {}) => request(server).post(path).set(own).send(body),
    delete: (path: string) => request(server).delete(path).set(own),
  };
}
