/**
 * Sign-in as a security review tries it, against the real app behind one trusted proxy (so each test
 * picks the client address with X-Forwarded-For): one answer and one timing whatever the e-mail,
 * delays per e-mail and address that cannot lock the owner out, the cookie's lifetime and Secure flag,
 * the forgotten-password and unlock mails through a local SMTP server, the CLI's reset link, and a
 * preview that ends with its session.
 */
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { EDITOR_SESSION_COOKIE } from '@cardlift/contracts';
import { CONTENT_PREVIEW_COOKIE } from '../preview/preview';
import type { App } from '../app';
import { PASSWORD, signedIn, tokenOf } from '../../test/editor-people';
import { writeFixtureSite } from '../../test/fixture-builds';
import { testApp } from '../../test/test-app';
import { REPO_ROOT } from '../platform/config';
import { FREE_FAILURES } from './sign-in-throttle';

const mails: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      mails.push(data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      callback();
    });
  },
});
let app: App;
let server: ReturnType<App['koa']['callback']>;
let site: string;
// The app is made once the mail server listens: its address is the app's SMTP_URL.
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  app = testApp({ siteRoot: writeFixtureSite(), contentTokens: [], trustProxyHops: 1, editorSignInRateLimit: 0, smtpUrl });
  server = app.koa.callback();
  site = app.config.siteAddresses.siteUrl;
  await app.start();
  await app.warm();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let address = 0;
/** A client address of its own (198.51.100.x), as the trusted proxy reports it. */
const fromAddress = () => `198.51.100.${(address += 1)}`;
const signIn = (email: string, password: string, from = fromAddress()) =>
  request(server).post('/api/editor/session').set('X-Forwarded-For', from).send({ email, password });

async function mailTo(email: string, subject: RegExp): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = mails.find((mail) => mail.includes(`To: ${email}`) && subject.test(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email} matching ${subject}`);
}

describe('one answer whatever the e-mail', () => {
  it('answers an unknown e-mail, a wrong password and a waiting account with the same status and body', async () => {
    await signedIn(app, server, 'lee@example.com', 'editor');
    const unknown = await signIn('nobody@example.com', 'whatever it is').expect(401);
    const wrong = await signIn('lee@example.com', 'not the password').expect(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe('invalid_credentials');

    // "Locked" is a wait of this e-mail from this address: the same for an account and for no account.
    const here = fromAddress();
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      await signIn('lee@example.com', `wrong ${i}`, here).expect(401);
      await signIn('nobody@example.com', `wrong ${i}`, here).expect(401);
    }
    const waitingAccount = await signIn('lee@example.com', PASSWORD, here).expect(429);
    const waitingNobody = await signIn('nobody@example.com', PASSWORD, here).expect(429);
    expect(waitingAccount.body).toEqual(waitingNobody.body);
    expect(waitingAccount.headers['retry-after']).toBe(waitingNobody.headers['retry-after']);
    expect(waitingAccount.headers['set-cookie']).toBeUndefined();
  });

  it('takes about as long for an unknown e-mail as for a known one (within 20 % over 20 tries each)', async () => {
    await signedIn(app, server, 'timed@example.com', 'editor');
    const timings = { unknown: [] as number[], known: [] as number[] };
    const timed = async (list: number[], email: string) => {
      const started = performance.now();
      await signIn(email, 'a wrong password').expect(401);
      list.push(performance.now() - started);
    };
    // Interleaved, first one then the other, so a busy moment of the machine weighs on both alike.
    for (let i = 0; i < 20; i += 1) {
      const pair = [() => timed(timings.unknown, `unknown-${i}@example.com`), () => timed(timings.known, 'timed@example.com')];
      for (const run of i % 2 ? pair.reverse() : pair) await run();
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const [unknown, known] = [median(timings.unknown), median(timings.known)];
    console.log(`sign-in median: unknown e-mail ${unknown.toFixed(1)} ms, known e-mail ${known.toFixed(1)} ms`);
    expect(Math.abs(unknown - known) / Math.max(unknown, known)).toBeLessThan(0.2);
  }, 60_000);
});

describe('delays an outsider cannot turn against the owner', () => {
  it('lets the owner sign in from a clean address after five failures from other addresses', async () => {
    await signedIn(app, server, 'owner@example.com', 'publisher');
    const attacker = fromAddress();
    for (let i = 0; i < 5; i += 1) await signIn('owner@example.com', `guess ${i}`, attacker);
    for (let i = 0; i < 5; i += 1) await signIn('owner@example.com', `guess ${i}`);
    await signIn('owner@example.com', PASSWORD, attacker).expect(429);
    const owner = await signIn('owner@example.com', PASSWORD).expect(200);
    expect(owner.body.user.email).toBe('owner@example.com');
  });

  it('counts wrong passwords from one IPv6 /64 together, however the addresses rotate within it', async () => {
    await signedIn(app, server, 'six@example.com', 'editor');
    for (let i = 0; i < FREE_FAILURES; i += 1)
      await signIn('six@example.com', `guess ${i}`, `2001:db8:6:6::${(i + 1).toString(16)}`).expect(401);
    await signIn('six@example.com', PASSWORD, '2001:db8:6:6:ffff::1').expect(429);
    // The next /64 is someone else.
    await signIn('six@example.com', PASSWORD, '2001:db8:6:7::1').expect(200);
  });

  it('mails the owner an unlock link that lifts the wait for the address it is opened from', async () => {
    await signedIn(app, server, 'typo@example.com', 'editor');
    const here = fromAddress();
    for (let i = 0; i < FREE_FAILURES; i += 1) await signIn('typo@example.com', `typo ${i}`, here).expect(401);
    await signIn('typo@example.com', PASSWORD, here).expect(429);
    const mail = await mailTo('typo@example.com', /being delayed/);
    expect(mail).toContain(here);
    const token = /\/editor\/unlock#token=([\w-]+)/.exec(mail)![1]!;
    await request(server).post('/api/editor/unlock').set('X-Forwarded-For', here).send({ token }).expect(204);
    await signIn('typo@example.com', PASSWORD, here).expect(200);
    await request(server).post('/api/editor/unlock').set('X-Forwarded-For', here).send({ token }).expect(410);
  });
});

describe('the session cookie', () => {
  it('lasts as long as a session can (Max-Age), and is Secure only when the request came over HTTPS', async () => {
    await signedIn(app, server, 'cookie@example.com', 'editor');
    const plain = await signIn('cookie@example.com', PASSWORD).expect(200);
    const overHttp = String(plain.headers['set-cookie']);
    expect(overHttp).toContain(`${EDITOR_SESSION_COOKIE}=`);
    expect(overHttp).toContain('Max-Age=604800');
    expect(overHttp).not.toContain('Secure');
    const proxied = await signIn('cookie@example.com', PASSWORD).set('X-Forwarded-Proto', 'https').expect(200);
    expect(String(proxied.headers['set-cookie'])).toMatch(/Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
  });
});

describe('forgotten passwords', () => {
  it('mails a one-time link valid 30 minutes; using it ends every other session of the account', async () => {
    const before = await signedIn(app, server, 'forgot@example.com', 'editor');
    const answer = await request(server).post('/api/editor/password-reset').send({ email: 'Forgot@Example.com' }).expect(202);
    expect(answer.body).toEqual({ mail: true });
    // An unknown address gets the same answer, and no mail.
    expect((await request(server).post('/api/editor/password-reset').send({ email: 'ghost@example.com' }).expect(202)).body).toEqual(
      answer.body,
    );
    const mail = await mailTo('forgot@example.com', /Reset your/);
    expect(mail).toContain('within 30 minutes');
    const link = new RegExp(`${site}/editor/set-password#token=[\\w-]+`).exec(mail)![0];
    await request(server)
      .post('/api/editor/password')
      .send({ token: tokenOf(link), password: 'a brand new passphrase' })
      .expect(204);
    await before.get('/api/editor/session').expect(401);
    await signIn('forgot@example.com', 'a brand new passphrase').expect(200);
    await request(server)
      .post('/api/editor/password')
      .send({ token: tokenOf(link), password: 'yet another passphrase' })
      .expect(410);
    expect(mails.some((m) => m.includes('ghost@example.com'))).toBe(false);
  });

  it('prints a reset link with `editors reset` for a site without mail; it ends the other sessions too', async () => {
    const before = await signedIn(app, server, 'nomail@example.com', 'editor');
    const run = spawnSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(REPO_ROOT, 'api', 'src', 'editor', 'editors-cli.ts'), 'reset', 'nomail@example.com'],
      { env: { ...process.env, DATA_DIR: app.config.dataDir, DATABASE_URL: '', SITE_URL: site }, encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const link = /^http\S+$/m.exec(run.stdout)![0];
    await request(server)
      .post('/api/editor/password')
      .send({ token: tokenOf(link), password: 'reset from the command' })
      .expect(204);
    await before.get('/api/editor/session').expect(401);
    await signIn('nomail@example.com', 'reset from the command').expect(200);
  }, 60_000);
});

describe('previews tied to their session', () => {
  it('shows the draft with its preview bar while the session is open, and nothing of it after sign-out', async () => {
    const person = await signedIn(app, server, 'preview@example.com', 'editor');
    const loaded = await person.get('/api/content/blog/merchants-announcement').expect(200);
    await person
      .put('/api/content/blog/merchants-announcement', { ...loaded.body.content, title: 'A draft only its author sees' })
      .set('If-Match', loaded.headers.etag!)
      .expect(200);
    const granted = await person.post('/api/content/blog/merchants-announcement/preview').expect(200);
    const previewCookie = sessionCookieLike(granted.headers, CONTENT_PREVIEW_COOKIE);
    const both = `${person.cookie}; ${previewCookie}`;
    const previewed = await request(server).get('/blog/merchants-announcement').set('Cookie', both).expect(200);
    expect(previewed.text).toContain('A draft only its author sees');
    expect(previewed.text).toContain('Preview: not live.');
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    // Another browser (no session) holding a copy of the preview cookie sees the live post.
    const copied = await request(server).get('/blog/merchants-announcement').set('Cookie', previewCookie).expect(200);
    expect(copied.text).not.toContain('A draft only its author sees');
    expect(copied.text).not.toContain('Preview: not live.');

    const out = await person.delete('/api/editor/session').expect(204);
    expect(String(out.headers['set-cookie'])).toContain(`${CONTENT_PREVIEW_COOKIE}=; Max-Age=0`);
    const after = await request(server).get('/blog/merchants-announcement').set('Cookie', both).expect(200);
    expect(after.text).not.toContain('A draft only its author sees');
    expect(after.text).not.toContain('Preview: not live.');
    // The live page again: the answer every visitor shares.
    expect(after.headers['cache-control']).toMatch(/^public, /);
  });

  it('ends the preview with "Exit preview", back on the same page', async () => {
    const person = await signedIn(app, server, 'exit@example.com', 'editor');
    const granted = await person.post('/api/content/blog/merchants-announcement/preview').expect(200);
    const both = `${person.cookie}; ${sessionCookieLike(granted.headers, CONTENT_PREVIEW_COOKIE)}`;
    const page = await request(server).get('/blog').set('Cookie', both).expect(200);
    const exit = /href="(\/api\/preview\/exit\?to=[^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
    const left = await request(server).get(exit).set('Cookie', both).expect(302);
    expect(left.headers.location).toBe('/blog');
    expect(String(left.headers['set-cookie'])).toContain(`${CONTENT_PREVIEW_COOKIE}=;`);
    // A link to another site is never followed out of the preview.
    expect((await request(server).get('/api/preview/exit?to=//evil.example').expect(302)).headers.location).toBe('/');
  });
});

function sessionCookieLike(headers: Record<string, unknown>, name: string): string {
  const found = ((headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0]!;
}
