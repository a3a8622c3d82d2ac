/**
 * One behaviour, two databases: the same suite runs against SQLite and, when TEST_DATABASE_URL is
 * set (.ci/run sets it), PostgreSQL. Every test gets a database of its own (a fresh SQLite folder, a
 * fresh PostgreSQL schema), so each one passes alone and in any order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContactSubmission } from '@cardlift/contracts';
import { contactSubmission } from '../../test/contact-submission';
import type { LeadStore } from './lead-store';
import { SQLITE_FILE_NAME } from '../platform/db-connections';
import { describeEachDatabase, type TestDatabase } from '../../test/databases';
import { onOwnDatabase } from '../platform/database';
import { leadStoreOn, openSqliteStore } from './open-lead-store';

const submission = (n: number): ContactSubmission => ({
  ...contactSubmission({
    firstName: `Ada${n}`,
    email: `ada${n}@example.com`,
    jobTitle: 'CMO',
    company: 'Analytical Engines',
    businessHelp: 'demo-request',
  }),
  agreeToUpdates: n % 2 === 0,
});

/** A new, empty database; `reopen` opens the same one again. */
async function fresh(database: TestDatabase) {
  const { target, drop } = await database.fresh();
  const reopen = () => onOwnDatabase(target, leadStoreOn);
  return { store: await reopen(), reopen, cleanup: drop };
}

describeEachDatabase('lead store', 'leads_test', (database) => {
  let store: LeadStore;
  let db: Awaited<ReturnType<typeof fresh>>;
  beforeEach(async () => {
    db = await fresh(database);
    store = db.store;
  });
  afterEach(async () => {
    await store.close();
    await db.cleanup();
  });

  it('commits a lead with one outbox row per channel', async () => {
    const lead = await store.addLead(submission(1), ['webhook', 'email']);
    expect(lead).toMatchObject({ ...submission(1), id: expect.any(String) });
    expect(Number.isNaN(Date.parse(lead.createdAt))).toBe(false);
    const leads = await store.listLeads();
    expect(leads).toEqual([lead]);
    const outbox = (await store.listOutbox()).filter((e) => e.leadId === lead.id);
    expect(outbox.map((e) => [e.channel, e.status, e.attempts])).toEqual([
      ['webhook', 'pending', 0],
      ['email', 'pending', 0],
    ]);
  });

  it('keeps insertion order and counts', async () => {
    for (let n = 1; n <= 5; n++) await store.addLead(submission(n), []);
    const leads = await store.listLeads();
    expect(leads.map((l) => l.firstName)).toEqual(['Ada1', 'Ada2', 'Ada3', 'Ada4', 'Ada5']);
    expect(leads[1]?.agreeToUpdates).toBe(true);
    expect(await store.countLeads()).toBe(5);
  });

  it('survives reopening (migrations are idempotent)', async () => {
    for (let n = 1; n <= 5; n++) await store.addLead(submission(n), []);
    const again = await db.reopen();
    expect(await again.countLeads()).toBe(5);
    await again.close();
  });

  it('leases due rows so a second claim does not get them, then retries and gives up', async () => {
    await store.addLead(submission(1), ['webhook', 'email']);
    const now = Date.now();
    const jobs = await store.claimDue(10, 60_000, now);
    expect(jobs.map((j) => j.entry.channel)).toEqual(['webhook', 'email']);
    expect(jobs[0]?.lead.email).toBe('ada1@example.com');
    expect(await store.claimDue(10, 60_000, now)).toEqual([]);

    const [webhook, email] = jobs.map((j) => j.entry.id) as [number, number];
    await store.markDelivered(webhook);
    await store.markAttemptFailed(email, 'connection refused', now + 1000);
    expect(await store.claimDue(10, 60_000, now)).toEqual([]);
    const retry = await store.claimDue(10, 60_000, now + 1000);
    expect(retry.map((j) => [j.entry.id, j.entry.attempts])).toEqual([[email, 1]]);
    await store.markAttemptFailed(email, 'x'.repeat(2000), null);

    const outbox = await store.listOutbox();
    expect(outbox.find((e) => e.id === webhook)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
    const failed = outbox.find((e) => e.id === email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed?.lastError).toHaveLength(500);
    expect(await store.claimDue(10, 60_000, now + 10_000_000)).toEqual([]);
  });

  it('puts notifications that ran out of attempts back in the queue, each with a new run of attempts', async () => {
    await store.addLead(submission(1), ['webhook', 'email']);
    const now = Date.now();
    const [webhook, email] = (await store.claimDue(10, 60_000, now)).map((j) => j.entry.id) as [number, number];
    await store.markDelivered(webhook);
    await store.markAttemptFailed(email, 'SMTP 421 try later', null);
    expect(await store.claimDue(10, 60_000, now + 10_000_000)).toEqual([]);

    expect(await store.requeueFailed(now + 5000)).toBe(1);
    expect(await store.claimDue(10, 60_000, now + 4999)).toEqual([]);
    const again = await store.claimDue(10, 60_000, now + 5000);
    expect(again.map((j) => [j.entry.id, j.entry.attempts, j.entry.lastError])).toEqual([[email, 0, 'SMTP 421 try later']]);
    await store.markDelivered(email);
    expect((await store.listOutbox()).map((e) => e.status)).toEqual(['delivered', 'delivered']);
    // Nothing failed is left: nothing is queued again, and delivered notifications are never sent twice.
    expect(await store.requeueFailed(now + 6000)).toBe(0);
    expect(await store.claimDue(10, 60_000, now + 10_000_000)).toEqual([]);
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('keeps every lead of concurrent submissions', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.addLead(submission(100 + i), ['webhook'])));
    expect(await store.countLeads()).toBe(50);
  });

  it('gives a row back once the lease of a relay that died holding it has run out', async () => {
    const lead = await store.addLead(submission(1), ['webhook']);
    const now = Date.now();
    const [held] = await store.claimDue(10, 60_000, now);
    // The relay holding it is gone: nothing marks it. Before the lease ends nobody else gets it...
    expect(await store.claimDue(10, 60_000, now + 59_000)).toEqual([]);
    // ...after it, another relay does, with the same lead.
    const again = await store.claimDue(10, 60_000, now + 60_001);
    expect(again.map((j) => [j.entry.id, j.lead.id])).toEqual([[held!.entry.id, lead.id]]);
  });

  it('never hands one row to two claims made at the same moment', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.addLead(submission(i), ['webhook'])));
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimDue(10, 60_000, now)));
    const ids = claims.flat().map((j) => j.entry.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('keeps where the visit came from, and hands it to the relay with the lead', async () => {
    const attribution = {
      utmSource: 'x',
      utmMedium: 'email',
      utmCampaign: 'y',
      utmTerm: 'offers',
      utmContent: 'hero',
      referrer: 'https://news.example/',
      landingPage: '/?utm_source=x',
    };
    const lead = await store.addLead({ ...submission(200), attribution }, ['webhook']);
    const without = await store.addLead(submission(201), []);
    const leads = await store.listLeads();
    expect(leads.find((l) => l.id === lead.id)?.attribution).toEqual(attribution);
    expect(leads.find((l) => l.id === without.id)?.attribution).toEqual({});
    const jobs = await store.claimDue(100, 60_000, Date.now() + 1000);
    expect(jobs.find((j) => j.lead.id === lead.id)?.lead.attribution).toEqual(attribution);
  });
});

describe('the SQLite file', () => {
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('is created readable and writable by its owner only, its WAL too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-mode-'));
    const store = openSqliteStore(dir);
    await store.addLead(submission(1), []);
    expect(mode(path.join(dir, SQLITE_FILE_NAME))).toBe(0o600);
    expect(mode(path.join(dir, `${SQLITE_FILE_NAME}-wal`))).toBe(0o600);
    await store.close();
  });

  it('is narrowed to its owner when an older version left it world-readable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-mode-'));
    (await openSqliteStore(dir)).close();
    fs.chmodSync(path.join(dir, SQLITE_FILE_NAME), 0o644);
    const store = openSqliteStore(dir);
    expect(mode(path.join(dir, SQLITE_FILE_NAME))).toBe(0o600);
    await store.close();
  });
});
