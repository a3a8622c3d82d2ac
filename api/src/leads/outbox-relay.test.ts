import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import pino from 'pino';
import { REPO_ROOT } from '../platform/config';
import { type AppConfig } from '../app-config';
import { testApp } from '../../test/test-app';
import { contactSubmission } from '../../test/contact-submission';
import { backoffDelay, DEFAULT_RELAY_OPTIONS } from '../platform/delivery-retries';
import { webhookNotifier, type Deliver } from './notifiers';

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

  it('retries a notification for about a day by default, the first retry within seconds', () => {
    const delays = Array.from({ length: DEFAULT_RELAY_OPTIONS.maxAttempts - 1 }, (_, i) =>
      backoffDelay(i + 1, DEFAULT_RELAY_OPTIONS, () => 0.5),
    );
    const hours = delays.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(26);
    expect(delays[0]).toBeLessThanOrEqual(2000);
    expect(Math.max(...delays)).toBe(3_600_000);
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

  /** An app whose one channel is `email`, giving up after 3 quick attempts, and a lead whose notification did. */
  async function leadWithFailedNotification(email: Deliver, overrides: Partial<AppConfig> = {}) {
    const relay = { pollMs: 20, baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 3 };
    const app = testApp(overrides, { logger: pino({ level: 'silent' }), notifiers: { email }, relay });
    await app.start();
    try {
      await request(app.koa.callback()).post('/api/contact').send(valid).expect(201);
      const store = await app.leads();
      await until(async () => (await store.listOutbox())[0]?.status === 'failed');
      return { app, store };
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  it('leaves a lead that keeps failing visible as failed, and the lead itself stored', async () => {
    const { app, store } = await leadWithFailedNotification(async () => Promise.reject(new Error('SMTP 550 mailbox unavailable')));
    try {
      expect((await store.listOutbox())[0]).toMatchObject({ channel: 'email', attempts: 3, lastError: 'SMTP 550 mailbox unavailable' });
      expect(await store.countLeads()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('sends a notification that ran out of attempts once the channel is mended and `leads:resend` queues it again', async () => {
    let mailServerUp = false;
    const sent: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-resend-'));
    const { app, store } = await leadWithFailedNotification(
      async (lead) => {
        if (!mailServerUp) throw new Error('SMTP 421 service not available');
        sent.push(lead.email);
      },
      { dataDir },
    );
    try {
      mailServerUp = true;
      // As an operator runs it, in a process of its own on the api's database.
      const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
      const cli = path.join(REPO_ROOT, 'api', 'src', 'leads', 'resend-leads.ts');
      const run = spawnSync(tsx, [cli], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(run).toMatchObject({ status: 0, stderr: '' });
      expect(run.stdout).toBe('1 failed lead notification queued again: a running api sends them now.\n');

      await until(async () => (await store.listOutbox())[0]?.status === 'delivered');
      expect(sent).toEqual([valid.email]);
      expect((await store.listOutbox())[0]).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await app.close();
    }
  }, 30_000);
});
