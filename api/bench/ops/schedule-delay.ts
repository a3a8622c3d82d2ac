/**
 * `npm run bench:schedule -w @cardlift/api [-- --runs 20]`: how late a scheduled promotion is carried
 * out, on two api instances sharing PostgreSQL (DATABASE_URL or TEST_DATABASE_URL, a fresh schema)
 * and a releases folder. Each run schedules a promotion 2 s ahead through the first instance and
 * reads, from the audit trail, when the promotion was committed (by either). Prints p50 and max.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../../src/app-config';
import { releaseContext } from '../../src/releases/release-context';
import { releaseBuild } from '../../src/releases/release-service';
import { openPostgresRegistry } from '../../src/releases/open-registry';
import { fixtureBuild, tempCheckout } from '../../src/releases/test-fixtures';
import { freshSchemaUrl } from '../../test/postgres';
import { startServer } from '../../test/server-process';

const TOKEN = 'bench-token';
const remote = 'mf_invest';
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  const checkout = tempCheckout();
  const env = {
    DATABASE_URL: await freshSchemaUrl('bench_schedule'),
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    RELEASES_DIR: checkout.releasesDir,
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    CANARY_STEPS_MF_INVEST: 'manual',
  };
  const store = await openPostgresRegistry(env.DATABASE_URL);
  const context = releaseContext(loadConfig({ ...process.env, ...env }), store);
  const versions: string[] = [];
  for (const marker of ['a', 'b'])
    versions.push((await releaseBuild(context, { actor: 'bench', remote, buildDir: fixtureBuild(marker) })).version);
  const servers = [await startServer(env), await startServer(env)];
  const delays: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const version = versions[i % 2]!;
      const at = new Date(Date.now() + 2000).toISOString();
      const res = await fetch(`${servers[0]!.url}/api/releases/${remote}/promote`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ version, at }),
      });
      if (res.status !== 202) throw new Error(`scheduling answered ${res.status}: ${await res.text()}`);
      for (let waited = 0; waited < 15_000; waited += 50) {
        const done = (await store.events(remote)).findLast((e) => e.action === 'promote' && e.version === version);
        if (done && Date.parse(done.at) >= Date.parse(at)) {
          delays.push(Date.parse(done.at) - Date.parse(at));
          break;
        }
        await sleep(50);
      }
      if (delays.length !== i + 1) throw new Error(`run ${i + 1}: not carried out within 15 s`);
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited()));
    await store.close();
  }
  const sorted = [...delays].sort((a, b) => a - b);
  console.log(
    `scheduled promotion, ${runs} runs on two instances: p50 ${sorted[Math.floor((runs - 1) / 2)]} ms, max ${sorted.at(-1)} ms after its time`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
