/**
 * A lead the database cannot take (disk full, a lock held too long, the server down) is refused
 * honestly: 503 with Retry-After and a message the form shows, nothing acknowledged, and /api/ready
 * tells the load balancer to send visitors elsewhere meanwhile.
 */
import request from 'supertest';
import { testApp } from '../../test/test-app';
import { contactSubmission } from '../../test/contact-submission';
import { fillDisk as fillDiskOf } from '../../test/full-disk';
import type { App } from '../app';

const apps: App[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

/** The api's own connection to its file, capped at the pages it has: every insert then fails SQLITE_FULL, as on a full disk. */
async function fillDisk(app: App): Promise<() => void> {
  await app.leads();
  return fillDiskOf(app.config.dataDir);
}

describe('a lead store that cannot write', () => {
  it('answers 503 with Retry-After and a clear message, acknowledges nothing, and reports not ready', async () => {
    const app = testApp();
    apps.push(app);
    const server = app.koa.callback();
    await request(server).get('/api/ready').expect(200);
    const freeSpace = await fillDisk(app);
    const before = await (await app.leads()).countLeads();

    // Enough leads to need a new page in the file.
    const answers = [];
    for (let i = 0; i < 40; i += 1)
      answers.push(
        await request(server)
          .post('/api/contact')
          .send(contactSubmission({ email: `lead${i}@example.com`, company: 'x'.repeat(200) })),
      );
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
      expect(answer.body).toEqual({
        error: "We couldn't save your message just now. Please try again in a minute.",
        code: 'store_unavailable',
      });
    }
    const acknowledged = answers.length - refused.length;
    expect(await (await app.leads()).countLeads()).toBe(before + acknowledged);

    const ready = await request(server).get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe('store_unavailable');

    // Space again: the next lead is stored and the instance is ready again.
    freeSpace();
    await request(server)
      .post('/api/contact')
      .send(contactSubmission({ email: 'after@example.com' }))
      .expect(201);
    await request(server).get('/api/ready').expect(200);
  });
});
