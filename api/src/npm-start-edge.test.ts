/**
 * `npm run start:edge` as a person or a process manager uses it: the compiled api (as `npm start`
 * runs it) bound to this machine only, Varnish in front, and SIGTERM to the pid it started (npm's)
 * stops both: their ports are free and no process of the tree is left. The site is a fixture
 * (SITE_ROOT), so no front end is built; the api is compiled if its build is missing or old.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './platform/config';
import { writeFixtureSite } from '../test/fixture-builds';
import { alive, processTree } from '../test/process-tree';
import { freePort } from '../test/server-process';
import { varnishMissing } from '../test/varnish';

jest.setTimeout(240_000);

/** Whether something accepts connections on `host`:`port`. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** The local addresses listening on `port` (from /proc/net/tcp and tcp6), as hex. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
      .map((cols) => cols[1]!.split(':')[0]!),
  );
}

const missing = varnishMissing();
(missing ? it.skip : it)(
  'runs the compiled api on loopback behind Varnish, and SIGTERM to npm stops both, freeing their ports',
  async () => {
    const [port, edgePort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SITE_ROOT: writeFixtureSite(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-start-edge-')),
      PORT: String(port),
      EDGE_PORT: String(edgePort),
      EDGE_HOST: '127.0.0.1',
    };
    delete env.HOST;
    const child = spawn('npm', ['run', 'start:edge', '--silent'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 200_000;
      while (!/The site, through Varnish/.test(output)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`start:edge did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } catch (error) {
      for (const pid of processTree(child.pid!).reverse()) process.kill(pid, 'SIGKILL');
      throw error;
    }
    const tree = processTree(child.pid!);
    // The compiled server, not the sources through a loader.
    const commands = tree.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
    expect(commands.some((command) => command.includes(path.join('api', 'dist', 'server.js')))).toBe(true);
    expect(commands.some((command) => command.includes('tsx'))).toBe(false);
    // The api listens on this machine only (127.0.0.1 is 0100007F in /proc/net/tcp).
    expect(listeners(port)).toEqual(['0100007F']);
    expect((await fetch(`http://127.0.0.1:${edgePort}/api/health`)).status).toBe(200);

    process.kill(child.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    await expect(accepts('127.0.0.1', port)).resolves.toBe(false);
    await expect(accepts('127.0.0.1', edgePort)).resolves.toBe(false);
    // varnishd's worker may take a moment after its manager to go.
    const gone = Date.now() + 10_000;
    while (tree.some(alive) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tree.filter(alive)).toEqual([]);
  },
);
