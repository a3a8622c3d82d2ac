/**
 * Inside a renderer process: notes every attempt of the code it runs to do what a renderer may not
 * (read outside the builds, write, start a process or a worker, load an addon, open a connection).
 * The permission model and the network namespace already refuse each of them; this only names the
 * attempt, so that an upload whose server build tries one is refused saying what it tried, even when
 * the build catches the error itself. Installed before any section code loads, so a build that keeps
 * its own reference to `fs.readFileSync` keeps the noted one.
 */
import childProcess from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

type Note = (attempt: string) => void;
type AnyFunction = (...args: unknown[]) => unknown;

const READS = [
  'readFile',
  'readFileSync',
  'readdir',
  'readdirSync',
  'createReadStream',
  'access',
  'accessSync',
  'stat',
  'statSync',
  'lstat',
  'lstatSync',
  'opendir',
  'opendirSync',
  'readlink',
  'readlinkSync',
  'realpath',
];
const WRITES = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'mkdir',
  'mkdirSync',
  'rm',
  'rmSync',
  'unlink',
  'unlinkSync',
  'rename',
  'renameSync',
  'copyFile',
  'copyFileSync',
  'symlink',
  'symlinkSync',
  'truncate',
  'truncateSync',
  'chmod',
  'chmodSync',
];
const OPENS = ['open', 'openSync'];
const PROCESSES = ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'];

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.pathname;
  if (Buffer.isBuffer(value)) return value.toString();
  return undefined;
}

function wrap(target: Record<string, unknown>, name: string, before: (args: unknown[]) => void): void {
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = function (this: unknown, ...args: unknown[]) {
    before(args);
    return (original as AnyFunction).apply(this, args);
  };
}

function noteFiles(target: Record<string, unknown>, note: Note): void {
  const denied = (scope: 'fs.read' | 'fs.write', verb: string) => (args: unknown[]) => {
    const file = pathOf(args[0]);
    if (file !== undefined && !process.permission.has(scope, file)) note(`${verb} ${file} (ERR_ACCESS_DENIED)`);
  };
  for (const name of READS) wrap(target, name, denied('fs.read', 'read'));
  for (const name of WRITES) wrap(target, name, denied('fs.write', 'write'));
  for (const name of OPENS)
    wrap(target, name, (args) => {
      const flags = typeof args[1] === 'string' ? args[1] : 'r';
      const writing = /[wa+]/.test(flags);
      denied(writing ? 'fs.write' : 'fs.read', writing ? 'write' : 'read')(args);
    });
}

/** Where `socket.connect(...)` goes: (port, host), (options), or net.connect's normalized [options, callback]. */
function destination(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const { host, port, path: socketPath } = first as { host?: string; port?: unknown; path?: string };
    return socketPath ?? `${host ?? 'localhost'}:${String(port)}`;
  }
  return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${String(first)}`;
}

export function noteForbiddenAttempts(note: Note): void {
  noteFiles(fs as unknown as Record<string, unknown>, note);
  noteFiles(fs.promises as unknown as Record<string, unknown>, note);
  for (const name of PROCESSES)
    wrap(childProcess as unknown as Record<string, unknown>, name, (args) =>
      note(`start a process: ${String(args[0])} (ERR_ACCESS_DENIED)`),
    );
  const { Worker } = workerThreads;
  (workerThreads as { Worker: unknown }).Worker = class extends Worker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      note('start a worker thread (ERR_ACCESS_DENIED)');
      super(...args);
    }
  };
  wrap(net.Socket.prototype as unknown as Record<string, unknown>, 'connect', (args) =>
    note(`connect to ${destination(args)} (a renderer has no network)`),
  );
  wrap(process as unknown as Record<string, unknown>, 'dlopen', () => note('load a native addon (ERR_ACCESS_DENIED)'));
}
