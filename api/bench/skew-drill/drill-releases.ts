/**
 * The release traffic of the skew drill, through the load balancer as a team's CI sends it: releases
 * of every remote (each a copy of its checkout build with one byte changed, so a new version), rollbacks
 * every other cycle, and a canary stepped up then rolled back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@cardlift/contracts';
import { packDir } from '../../src/artifacts/tarball';

export type Tokens = Record<RemoteName, string>;

export function releaseTokens(): Tokens {
  return Object.fromEntries(REMOTES.map((r) => [r.name, crypto.randomBytes(16).toString('hex')])) as Tokens;
}

/** RELEASE_TOKEN_<NAME> settings holding each token's hash. */
export const tokenSettings = (tokens: Tokens) =>
  Object.fromEntries(
    Object.entries(tokens).map(([name, token]) => [
      `RELEASE_TOKEN_${name.toUpperCase()}`,
      crypto.createHash('sha256').update(token).digest('hex'),
    ]),
  );

async function call(baseUrl: string, token: string, route: string, body: Buffer | object): Promise<Record<string, unknown>> {
  const archive = Buffer.isBuffer(body);
  const answer = await fetch(`${baseUrl}/api/releases/${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': archive ? 'application/gzip' : 'application/json' },
    body: archive ? new Uint8Array(body) : JSON.stringify(body),
  });
  const answered = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${route}: ${answer.status} ${JSON.stringify(answered)}`);
  return answered;
}

/** The remote's checkout build with a marker appended to its container script: a new version of the same code. */
async function variant(siteRoot: string, packageDir: string, marker: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drill-build-'));
  fs.cpSync(path.join(siteRoot, packageDir, 'dist'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'remoteEntry.js'), `\n/* ${marker} */\n`);
  for (const twin of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(dir, twin), { force: true });
  try {
    return await packDir(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function releaseCycles(
  baseUrl: string,
  siteRoot: string,
  tokens: Tokens,
  cycles: number,
  log: (line: string) => void,
  pause: () => Promise<void>,
): Promise<number> {
  let moves = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const remote = REMOTES[cycle % REMOTES.length]!;
    const token = tokens[remote.name];
    const { version } = await call(baseUrl, token, remote.name, await variant(siteRoot, remote.packageDir, `drill ${cycle}`));
    log(`released ${remote.name} ${String(version)}`);
    moves += 1;
    await pause();
    if (cycle % 2 === 1) {
      const { to } = await call(baseUrl, token, `${remote.name}/rollback`, {});
      log(`rolled ${remote.name} back to ${String(to)}`);
      moves += 1;
      await pause();
    }
  }
  return moves;
}

/** A canary of mf_marketing at 10 %, stepped to 50 %, then rolled back. */
export async function canaryCycle(
  baseUrl: string,
  siteRoot: string,
  tokens: Tokens,
  log: (line: string) => void,
  pause: () => Promise<void>,
) {
  const token = tokens.mf_marketing;
  const marketing = REMOTES.find((r) => r.name === 'mf_marketing')!;
  const { version } = await call(baseUrl, token, 'mf_marketing?candidate=1', await variant(siteRoot, marketing.packageDir, 'drill canary'));
  for (const share of [10, 50]) {
    await call(baseUrl, token, 'mf_marketing/promote', { version, share });
    log(`canary mf_marketing ${String(version)} at ${share} %`);
    await pause();
  }
  await call(baseUrl, token, 'mf_marketing/rollback', {});
  log('canary mf_marketing rolled back');
}
