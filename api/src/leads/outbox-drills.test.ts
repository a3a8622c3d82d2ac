/**
 * Fault drills of the outbox: a row a dead relay held, two relays on one database, rows left pending
 * by a stopped process, and a real e-mail delivered over SMTP to a local server.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { testApp } from '../../test/test-app';
import { contactSubmission } from '../../test/contact-submission';
import type { App } from '../app';
import { emailNotifier, webhookNotifier } from './notifiers';

const lead = (n: number) =>
  contactSubmission({ firstName: `Ada${n}`, lastName: 'Byron', email: `ada${n}@example.com`, company: 'Engines' });
const fast = { pollMs: 20, baseDelayMs: 20, maxDelayMs: 50 };
const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A webhook receiver that records the lead id of every delivery. */
async function webhook() {
  const deliveries: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      deliveries.push((JSON.parse(body) as { lead: { id: string } }).lead.id);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, close: () => server.close() };
}

const apps: App[] = [];
const made = (app: App) => (apps.push(app), app);
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
const delivered = (app: App) => async () => (await (await app.leads()).listOutbox()).every((e) => e.status === 'delivered');

describe('outbox drills', () => {
  it('re-delivers a row whose relay died holding the lease, once the lease runs out', async () => {
    const hook = await webhook();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-outbox-'));
    const first = made(testApp({ dataDir }, { notifiers: { webhook: webhookNotifier(hook.url) } }));
    const res = await request(first.koa.callback()).post('/api/contact').send(lead(1)).expect(201);
    // A relay takes the row with a short lease and dies before delivering or marking it.
    expect(await (await first.leads()).claimDue(10, 300, Date.now())).toHaveLength(1);
    const second = made(testApp({ dataDir }, { notifiers: { webhook: webhookNotifier(hook.url) }, relay: { ...fast, leaseMs: 300 } }));
    await second.start();
    await until(delivered(second));
    expect(hook.deliveries).toEqual([res.body.id]);
    hook.close();
  });

  it('with two relays on one database, delivers every lead exactly once', async () => {
    const hook = await webhook();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-outbox-'));
    const one = made(testApp({ dataDir }, { notifiers: { webhook: webhookNotifier(hook.url) }, relay: fast }));
    const two = made(testApp({ dataDir }, { notifiers: { webhook: webhookNotifier(hook.url) }, relay: fast }));
    await Promise.all([one.start(), two.start()]);
    const ids: string[] = [];
    for (let n = 0; n < 30; n++)
      ids.push(
        (
          await request((n % 2 ? one : two).koa.callback())
            .post('/api/contact')
            .send(lead(n))
            .expect(201)
        ).body.id,
      );
    await until(delivered(one));
    expect([...hook.deliveries].sort()).toEqual([...ids].sort());
    hook.close();
  });

  it('delivers rows left pending by a process that stopped, after the restart', async () => {
    const hook = await webhook();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-outbox-'));
    // Leads taken while no relay runs (the process stops before delivering them).
    const before = testApp({ dataDir, leadsWebhookUrl: hook.url });
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push((await request(before.koa.callback()).post('/api/contact').send(lead(n)).expect(201)).body.id);
    expect((await (await before.leads()).listOutbox()).map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    await before.close();
    const after = made(testApp({ dataDir, leadsWebhookUrl: hook.url }, { relay: fast }));
    await after.start();
    await until(delivered(after));
    expect(hook.deliveries).toEqual(ids);
    hook.close();
  });

  it('e-mails a lead over SMTP, with its fields in the message', async () => {
    const messages: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    const app = made(testApp({}, { notifiers: { email: emailNotifier(`smtp://127.0.0.1:${port}`, 'sales@example.com') }, relay: fast }));
    await app.start();
    const res = await request(app.koa.callback()).post('/api/contact').send(lead(5)).expect(201);
    await until(delivered(app));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toEqual(['sales@example.com']);
    expect(messages[0]?.data).toMatch(/^Subject: New lead: Engines \(Other\)/m);
    expect(messages[0]?.data).toContain('Name: Ada5 Byron');
    expect(messages[0]?.data).toContain('E-mail: ada5@example.com');
    expect(messages[0]?.data).toContain(`Lead id: ${res.body.id}`);
    await new Promise<void>((r) => smtp.close(() => r()));
  });
});
