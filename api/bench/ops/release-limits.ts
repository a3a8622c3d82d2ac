/**
 * `npm run bench:release-limits -w @cardlift/api`: how an api refusing hostile release uploads keeps
 * answering. Starts the api with the limits release-limits.test.ts uses, sends a 20 MB trailing-zeros
 * bomb and 100k tiny files past a 1 s unpack deadline while polling GET /api/health, and prints the
 * slowest health answer beside the idle one, and how soon a client leaving mid-unpack has its work
 * folder removed. Figures, not a verdict: a busy machine moves them (the test only checks that the api
 * keeps answering).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { healthBudget, manyFilesBomb, pollHealth, trailingZerosBomb } from '../../test/release-bombs';
import { startServer } from '../../test/server-process';
import { tempCheckout } from '../../src/releases/test-fixtures';

const TOKEN = 'bench-token';
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const checkout = tempCheckout();
  const server = await startServer({
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    RELEASES_DIR: checkout.releasesDir,
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    RELEASE_MAX_BYTES: String(10 * MB),
    RELEASE_UNPACK_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'error',
  });
  try {
    for (const [label, body] of [
      ['20 MB of zeros after the end of the tar', trailingZerosBomb(20)],
      ['100k files past a 1 s deadline', manyFilesBomb(100_000)],
    ] as const) {
      const { idleWorstMs } = await healthBudget(server.url);
      const stop = pollHealth(server.url);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/releases/mf_invest`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${TOKEN}` },
        body: new Uint8Array(body),
      });
      await res.arrayBuffer();
      const refusedMs = performance.now() - started;
      const slowest = await stop();
      console.log(
        `${label}: ${res.status} in ${Math.round(refusedMs)} ms; GET /api/health at worst ${Math.round(slowest)} ms (idle worst ${Math.round(idleWorstMs)} ms)`,
      );
    }
    const incoming = path.join(checkout.releasesDir, '.incoming');
    console.log(`work folders left: ${fs.existsSync(incoming) ? fs.readdirSync(incoming).length : 0}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
