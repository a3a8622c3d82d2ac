/**
 * The real api process for tests that need one: signals, kill -9, socket limits, refusing to start.
 * Node itself runs the server (tsx as a loader, not the tsx launcher), so a signal, SIGKILL included,
 * reaches the server and not a wrapper that would leave it running. Output is kept so a test can wait
 * for what the server says rather than sleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../src/platform/config';

export const SERVER = path.join(REPO_ROOT, 'api', 'src', 'server.ts');

/**
 * A port for a server a test starts later. Ports come from below the kernel's ephemeral range
 * (32768 and up on Linux), so no outgoing connection (a test's own client, Chromium, varnishd) can
 * take one as its source port between the check and the real listen; each Jest worker draws from a
 * block of its own, and a process never hands out the same port twice, so parallel suites cannot
 * meet on one either. A port still taken by something else is skipped by the bind check.
 */
const FIRST_PORT = 20_000;
const BLOCK = 1_500;
const BLOCKS = 8;
const handedOut = new Set<number>();

function blockStart(): number {
  const worker = Number(process.env.JEST_WORKER_ID ?? '0');
  // Worker ids start at 1; a process outside Jest (benchmarks, the browser suite's own helpers) is 0.
  return FIRST_PORT + (Number.isInteger(worker) ? worker % BLOCKS : 0) * BLOCK;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const start = blockStart();
  for (let tries = 0; tries < BLOCK; tries += 1) {
    const port = start + Math.floor(Math.random() * BLOCK);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${start}–${start + BLOCK - 1}`);
}

/** Resolves once `url` answers 200; throws when the process exits first or after `timeoutMs`. */
export async function waitForReady(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`api not ready at ${url} after ${timeoutMs} ms`);
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves once the output matches `pattern`; rejects when the process ends first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Exit code once the process has ended (null when a signal ended it). */
  exited(): Promise<number | null>;
}

/** `code`: another checkout's api to run (its server entry and folder), for the previous release beside this one. */
export function spawnServer(env: Record<string, string>, port: number, code = { entry: SERVER, cwd: REPO_ROOT }): ServerProcess {
  return spawnWatched(process.execPath, ['--import', 'tsx', code.entry], env, port, code.cwd);
}

/** `command` (the server, or what starts it: `npm start`) with the test environment, its output kept. */
export function spawnWatched(command: string, args: string[], env: Record<string, string>, port: number, cwd = REPO_ROOT): ServerProcess {
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CONTACT_RATE_LIMIT: '0',
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    exited: () => ended,
    waitForOutput: (pattern, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(text)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} in the server's output after ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        void ended.then(() => {
          if (waiters.has(check)) {
            done();
            if (pattern.test(text)) resolve();
            else reject(new Error(`the server exited without ${pattern}:\n${text}`));
          }
        });
        waiters.add(check);
        check();
      }),
  };
}

/** A server on a free port, ready (its /api/ready answers 200). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env, await freePort());
  try {
    await waitForReady(`${server.url}/api/ready`, server.child, 30_000);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${server.output()}`);
  }
  return server;
}
