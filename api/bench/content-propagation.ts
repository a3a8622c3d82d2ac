/**
 * Publish to visible on the other instance: two api processes share one database; 20 publishes of a
 * blog post go to the first through the content API, and each is timed from its 200 until the second
 * serves the new title (polled every 10 ms). Prints p50 and p99. PostgreSQL when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set, else both processes on one SQLite file. Runs on `npm run bench:api`,
 * or alone: `npx tsx api/bench/content-propagation.ts`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256Hex } from '../src/platform/token-hash';
import { databaseUrl, report, startApi } from './release-propagation';

const PUBLISHES = 20;
const POST = 'offers-api-announcement';

export async function benchContentPropagation(): Promise<void> {
  const token = crypto.randomBytes(16).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-content-'));
  const database = await databaseUrl();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    CONTENT_TOKEN_BENCH: `${sha256Hex(token)}:publisher`,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const first = await startApi(env);
  const second = await startApi(env);
  const call = (method: string, what: string, body?: object) =>
    fetch(`${first.url}/api/content/blog/${POST}${what}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'If-Match': '*' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  try {
    const post = ((await (await call('GET', '')).json()) as { content: Record<string, unknown> }).content;
    const times: number[] = [];
    for (let i = 0; i < PUBLISHES; i++) {
      const title = `Bench title ${i} ${Date.now()}`;
      if (!(await call('PUT', '', { ...post, title })).ok) throw new Error('the bench draft was refused');
      if (!(await call('POST', '/publish', {})).ok) throw new Error('the bench publish was refused');
      const published = performance.now();
      for (;;) {
        const served = (await (await fetch(`${second.url}/api/blog/${POST}`)).json()) as { title: string };
        if (served.title === title) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      times.push(performance.now() - published);
    }
    report(
      `Publish to visible on the other instance: ${PUBLISHES} publishes on one, served by the other (${database.label}, poll 500 ms)`,
      times,
    );
  } finally {
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) void benchContentPropagation();
