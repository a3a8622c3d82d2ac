import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import pino from 'pino';
import { testApp } from '../../test/test-app';
import { contactSubmission } from '../../test/contact-submission';
import { backoffDelay } from './outbox-relay';
import { webhookNotifier } from './notifiers';

const valid = contactSubmission({ lastName: 'Byron', company: 'Engines' });
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('outbox relay', () => {
  it('backs off exponentially with jitter, capped', () => {
    const opts = { baseDelayMs: 1000, maxDelayMs: 10_000 };
    expect(backoffDelay(1, opts, () => 0.5)).toBe(1000);
    expect(backoffDelay(3, opts, () => 0.5)).toBe(4000);
    expect(backoffDelay(10, opts, () => 0.5)).toBe(10_000);
    expect(backoffDelay(2, opts, () => 0)).toBe(1600);
    expect(backoffDelay(2, opts, () => 1)).toBe(2400);
  });

  it('delivers a new lead to the webhook after retries, outside the request', async () => {
    let calls = 0;
    const received: unknown[] = [];
    const hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls += 1;
        received.push({ key: req.headers['idempotency-key'], body: JSON.parse(body) });
        res.statusCode = calls < 3 ? 503 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const app = testApp({}, { notifiers: { webhook: webhookNotifier(url) }, relay: { pollMs: 20, baseDelayMs: 20, maxDelayMs: 50 } });
    await app.start();
    try {
      const attribution = { utmSource: 'x', utmCampaign: 'y', landingPage: '/?utm_source=x&utm_campaign=y' };
      const res = await request(app.koa.callback())
        .post('/api/contact')
        .send({ ...valid, attribution })
        .expect(201);
      const store = await app.leads();
      await until(async () => (await store.listOutbox())[0]?.status === 'delivered');
      const [entry] = await store.listOutbox();
      expect(entry).toMatchObject({ leadId: res.body.id, channel: 'webhook', attempts: 3, lastError: null });
      expect(received[2]).toEqual({
        key: res.body.id,
        body: { type: 'lead.created', lead: expect.objectContaining({ ...valid, id: res.body.id, attribution }) },
      });
    } finally {
      await app.close();
      hook.close();
    }
  });

  it('leaves a lead that keeps failing visible as failed, and the lead itself stored', async () => {
    const logger = pino({ level: 'silent' });
    const app = testApp(
      {},
      {
        logger,
        notifiers: { email: async () => Promise.reject(new Error('SMTP 550 mailbox unavailable')) },
        relay: { pollMs: 20, baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 3 },
      },
    );
    await app.start();
    try {
      await request(app.koa.callback()).post('/api/contact').send(valid).expect(201);
      const store = await app.leads();
      await until(async () => (await store.listOutbox())[0]?.status === 'failed');
      expect((await store.listOutbox())[0]).toMatchObject({ channel: 'email', attempts: 3, lastError: 'SMTP 550 mailbox unavailable' });
      expect(await store.countLeads()).toBe(1);
    } finally {
      await app.close();
    }
  });
});
