/**
 * `npm run bench:drain -w @cardlift/api [-- --requests 200]`: SIGTERM to an api with requests in flight.
 * Opens the requests (contact submissions whose bodies are still arriving, so each is surely in
 * flight), sends SIGTERM, completes them, and prints how long the process took to exit, its exit code,
 * and how many requests failed (the goal: none). Runs the compiled server when built (npm run build),
 * else from source.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../../src/platform/config';
import { contactSubmission } from '../../test/contact-submission';
import { freePort, waitForReady } from '../../test/server-process';

const count = Number(process.argv[process.argv.indexOf('--requests') + 1] || 200);

/** A request whose headers are sent and read (100 Continue) and whose body waits for `finish`. */
async function inFlight(port: number, n: number) {
  const body = JSON.stringify(contactSubmission({ email: `drain${n}@example.com` }));
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await new Promise<void>((resolve) => socket.on('data', () => /100 Continue/.test(text) && resolve()));
  return { finish: () => socket.end(body), answered };
}

async function main(): Promise<void> {
  const compiled = path.join(REPO_ROOT, 'api', 'dist', 'server.js');
  const args = fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')];
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drain-')),
      CONTACT_RATE_LIMIT: '0',
      // The requests stand for many visitors; from one address the api allows 64 connections at once.
      MAX_CONNECTIONS_PER_CLIENT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForReady(`http://127.0.0.1:${port}/api/ready`, child, 60_000);
  const requests = [];
  for (let i = 0; i < count; i += 1) requests.push(await inFlight(port, i));
  const signalled = performance.now();
  child.kill('SIGTERM');
  for (const r of requests) r.finish();
  const answers = await Promise.all(requests.map((r) => r.answered));
  const code = await exited;
  const ms = Math.round(performance.now() - signalled);
  const failed = answers.filter((a) => !/HTTP\/1\.1 201/.test(a)).length;
  console.log(`drain with ${count} requests in flight: exited ${code} after ${ms} ms; ${count - failed} answered 201, ${failed} failed`);
  process.exit(failed || code !== 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
