/**
 * A release webhook for tests (RELEASE_WEBHOOK_URL): records every attempt (its Idempotency-Key and
 * body) and answers each as `answer` says at that moment (a status, after an optional delay).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface WebhookAttempt {
  key: string | undefined;
  body: { type: string; action: string; remote: string; version: string; rule: string };
}

export function releaseWebhook(answer: () => { status: number; afterMs?: number } = () => ({ status: 204 })) {
  const attempts: WebhookAttempt[] = [];
  let answered = 0;
  const taken: WebhookAttempt[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const attempt = { key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(body) };
      attempts.push(attempt);
      const { status, afterMs = 0 } = answer();
      setTimeout(() => {
        answered++;
        if (status < 300) taken.push(attempt);
        res.writeHead(status).end();
      }, afterMs);
    });
  });
  return {
    /** Every attempt received, taken or not. */
    attempts,
    /** The attempts answered 2xx: the notices the team received. */
    taken,
    answered: () => answered,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/releases`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
export async function within<T>(ms: number, check: () => T | undefined | false | Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
