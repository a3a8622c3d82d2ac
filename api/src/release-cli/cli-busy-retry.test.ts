/**
 * The release CLI against a site that answers a release upload 503 with Retry-After (its machine
 * busy): it waits as asked and sends the release again, saying so, and gives up after a few attempts
 * with the site's message. Any other refusal is not sent again.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BUSY_ATTEMPTS } from './cli-busy-retry';
import { siteClient } from './cli-clients';

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-busy-'));
fs.writeFileSync(path.join(buildDir, 'mf-manifest.json'), '{}');

/** A site answering each upload with the next of `answers` (the last one repeated). */
async function site(answers: { status: number; retryAfter?: string }[]) {
  let uploads = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = answers[Math.min(uploads++, answers.length - 1)]!;
      const ok = answer.status < 400;
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        ...(answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}),
      });
      res.end(JSON.stringify(ok ? { version: '1.0.0-abc', stored: true } : { error: `refused ${answer.status}` }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, uploads: () => uploads, close: () => server.close() };
}

async function release(url: string) {
  const notices: string[] = [];
  const client = siteClient('mf_invest', url, 'token', { actor: 'ci', gitSha: undefined }, (line) => notices.push(line));
  const outcome = client.release(buildDir, { candidate: false }).then(
    (answer) => ({ answer, error: undefined }),
    (error: Error) => ({ answer: undefined, error }),
  );
  return { ...(await outcome), notices };
}

describe('a release upload the site answers busy', () => {
  it('is sent again after Retry-After, and the CLI says so', async () => {
    const busy = await site([{ status: 503, retryAfter: '1' }, { status: 201 }]);
    try {
      const { answer, notices } = await release(busy.url);
      expect(answer).toEqual({ version: '1.0.0-abc', stored: true });
      expect(busy.uploads()).toBe(2);
      expect(notices).toEqual([expect.stringMatching(/is busy \(503\) refused 503\nSending it again in 1 s \(attempt 2 of 3\)/)]);
    } finally {
      busy.close();
    }
    // Refused for what it is (413), or busy without saying when: not sent again.
    for (const refusal of [{ status: 413 }, { status: 503 }]) {
      const refusing = await site([refusal, { status: 201 }]);
      try {
        const { error, notices } = await release(refusing.url);
        expect(error?.message).toBe(`(${refusal.status}) refused ${refusal.status}`);
        expect(refusing.uploads()).toBe(1);
        expect(notices).toEqual([]);
      } finally {
        refusing.close();
      }
    }
  });

  it(`gives up with the site's message after ${BUSY_ATTEMPTS} attempts`, async () => {
    const busy = await site([{ status: 503, retryAfter: '0' }]);
    try {
      const { error, notices } = await release(busy.url);
      expect(error?.message).toBe('(503) refused 503');
      expect(busy.uploads()).toBe(BUSY_ATTEMPTS);
      expect(notices).toHaveLength(BUSY_ATTEMPTS - 1);
    } finally {
      busy.close();
    }
  });
});
