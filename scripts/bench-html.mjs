// `npm run bench:html [-- --url http://127.0.0.1:3000]`: each marketing page's HTML as a browser taking
// brotli gets it once the api's best-compressed copy is kept (the second request), beside the 14 KB a
// first TCP round trip carries. Starts the built site on a free port with a temporary data directory
// unless --url names a running one. Exit code 1 when a page is over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { require as requireTs } from 'tsx/cjs/api';
import { ROOT } from './lib.mjs';

const LIMIT_BYTES = 14 * 1024;
const { pages, solutionPages } = requireTs('../mf-marketing/src/meta.ts', import.meta.url);
const paths = [...Object.values(pages), ...Object.values(solutionPages)].map((page) => page.path);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The body's bytes as sent (not decompressed) and the size of the status line and headers. */
const rawGet = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const headerBytes = res.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 20;
          // A kept copy goes out with its length; the quick compression streams.
          const kept = res.headers['content-length'] !== undefined;
          resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), headerBytes, kept });
        });
      })
      .on('error', reject);
  });

async function startSite() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-html-bench-'));
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if ((await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200) break;
    if (child.exitCode !== null || waited > 180_000) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () => {
    process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const given = process.argv.indexOf('--url');
const site = given > 0 ? { url: process.argv[given + 1], stop: () => undefined } : await startSite();
let over = 0;
try {
  console.log(`HTML of the marketing pages, brotli as sent (limit ${LIMIT_BYTES / 1024} KB)`);
  console.log(`${'page'.padEnd(40)} ${'brotli'.padStart(9)} ${'headers'.padStart(8)}  verdict`);
  for (const pathname of paths) {
    await rawGet(`${site.url}${pathname}`);
    // The best-compressed copy is made in the background after the first request.
    let answer;
    for (let attempt = 0; attempt < 20; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      answer = await rawGet(`${site.url}${pathname}`);
      if (answer.encoding === 'br' && answer.kept) break;
    }
    const bytes = answer.body.length;
    const fits = answer.status === 200 && answer.encoding === 'br' && bytes <= LIMIT_BYTES;
    if (!fits) over += 1;
    const verdict = fits ? 'fits' : `OVER by ${((bytes - LIMIT_BYTES) / 1024).toFixed(1)} KB (status ${answer.status}, ${answer.encoding})`;
    console.log(
      `${pathname.padEnd(40)} ${`${(bytes / 1024).toFixed(1)} KB`.padStart(9)} ${`${answer.headerBytes} B`.padStart(8)}  ${verdict}`,
    );
  }
  console.log(over === 0 ? `every page fits` : `${over} of ${paths.length} pages over ${LIMIT_BYTES / 1024} KB`);
} finally {
  site.stop();
}
process.exit(over === 0 ? 0 : 1);
