/**
 * The release CLI, run from each remote's package scripts (`npm run -s <command> -w mf-invest -- ...`):
 * release, promote (now, as a canary, or at a time), rollback, releases. `--help` on each. With
 * `--site URL` (or `--to URL` on release) it talks to that running site's release API with the
 * remote's token (RELEASE_TOKEN); without, to this checkout's database. `--json` prints one object
 * for a CI to read. Exit codes: 0 done, 1 refused or failed (nothing changed), 2 a mistake in the
 * command. A failure prints one line (and the reasons a check gave), never a stack.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../app-config';
import { buildRemote, gitSha } from '../artifacts/build-output';
import { localClient, siteClient, type ReleaseClient } from './cli-clients';
import { parseCommand, type CliValues, type Command } from './cli-options';
import { printListing, printReleaseOutcome, withNotices } from './cli-output';
import { FULL_SHARE } from '../releases/canary/canary-service';
import { ReleaseRefused } from '../releases/release-service';
import { packageDir, parseRemoteName } from '../releases/remote-names';
import { healthTable, parseHours } from '../rum/health-table';

/** A mistake in the command line: exit 2, one line. */
class UsageError extends Error {}

async function obtainBuild(remote: RemoteName, siteRoot: string, fromDir: string | undefined) {
  if (fromDir) {
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), fromDir);
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
      throw new UsageError(`--from-dir ${fromDir}: no such folder (${dir}); name the build's folder, such as mf-invest/dist`);
    return { dir, cleanup: () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await buildRemote(packageDir(siteRoot, remote), dir);
  } catch (error) {
    cleanup();
    throw new ReleaseRefused(`${remote} was not released`, [(error as Error).message]);
  }
  return { dir, cleanup };
}

/** A whole percentage within [min, 100]. */
function percent(raw: string | undefined, option: string, max = FULL_SHARE): number | undefined {
  if (raw === undefined) return undefined;
  const share = Number(raw);
  if (!Number.isInteger(share) || share < 1 || share > max)
    throw new UsageError(`${option} must be a whole number from 1 to ${max}, got "${raw}"`);
  return share;
}

const print = (values: CliValues, sentence: string, json: unknown) => console.log(values.json ? JSON.stringify(json, null, 2) : sentence);

async function run(command: Command, remote: RemoteName, values: CliValues, client: ReleaseClient, siteRoot: string, pkg: string) {
  switch (command) {
    case 'release': {
      const canary = percent(values.canary, '--canary', FULL_SHARE - 1);
      const build = await obtainBuild(remote, siteRoot, values['from-dir']);
      try {
        const provenance = { ...(values.notes ? { notes: values.notes } : {}), ...(values['ci-url'] ? { ciUrl: values['ci-url'] } : {}) };
        const outcome = await client.release(build.dir, { candidate: Boolean(values.candidate || canary), ...provenance });
        // A canary started here warns as `promote --share` does of a schedule it makes wrong.
        const started = canary ? await client.promote(outcome.version, canary) : undefined;
        const warnings = [...outcome.warnings, ...(started?.warnings ?? [])];
        const preview = outcome.candidate ? await client.preview(outcome.version) : undefined;
        printReleaseOutcome({ remote, pkg, client, values, outcome: { ...outcome, warnings }, canary, preview });
      } finally {
        build.cleanup();
      }
      return;
    }
    case 'promote': {
      if (values.cancel) {
        const cancelled = await client.cancelScheduled();
        print(values, `Cancelled the promotion of ${remote} ${cancelled.version} scheduled for ${cancelled.dueAt}.`, { cancelled });
        return;
      }
      if (!values.version) throw new UsageError('promote needs --version <version> (npm run -s releases lists them)');
      const share = percent(values.share, '--share') ?? FULL_SHARE;
      if (values.at) {
        if (Number.isNaN(Date.parse(values.at)))
          throw new UsageError(`--at must be an ISO time such as 2026-12-01T14:00:00Z, got "${values.at}"`);
        // A time already past is the same kind of mistake as a malformed one: exit 2 either way.
        if (Date.parse(values.at) <= Date.now()) throw new UsageError(`--at must be in the future, got "${values.at}"`);
        const scheduled = await client.schedule(values.version, share, values.at);
        const what = scheduled.share === null ? 'to every visitor' : `as a canary for ${scheduled.share} % of visitors`;
        print(
          values,
          `${remote} ${scheduled.version} goes live ${what} at ${scheduled.dueAt} (${client.where}); cancel it with --cancel.`,
          { scheduled },
        );
        return;
      }
      const moved = await client.promote(values.version, share, { endCanary: values['end-canary'] });
      const sentence =
        share >= FULL_SHARE
          ? `Promoted ${remote} ${values.version} on ${client.where} (was ${moved.from ?? 'the checkout build'}).`
          : moved.steppedFrom !== null && moved.steppedFrom !== undefined
            ? `Stepped the canary of ${remote} ${values.version} from ${moved.steppedFrom} % to ${share} % of visitors on ${client.where}; the guard watches it.`
            : `${remote} ${values.version} is the canary for ${share} % of visitors on ${client.where}; the guard watches it.`;
      print(values, withNotices(sentence, moved), moved);
      return;
    }
    case 'rollback': {
      const moved = await client.rollback(values.to, { endCanary: values['end-canary'] });
      const sentence =
        moved.endedCanary && moved.endedCanary.version === moved.from
          ? `Ended the canary of ${remote} ${moved.from} (${moved.endedCanary.share} %): everyone is on ${moved.to} (${client.where}).`
          : `Rolled ${remote} back from ${moved.from} to ${moved.to} on ${client.where}. Every server serves it from the next page load.`;
      print(
        values,
        withNotices(sentence, { ...moved, endedCanary: moved.endedCanary?.version === moved.from ? null : moved.endedCanary }),
        moved,
      );
      return;
    }
    case 'releases': {
      if (values.health) {
        const health = await client.health(parseHours(values.hours));
        print(values, healthTable(health), health);
        return;
      }
      const listing = await client.list();
      if (values.json) print(values, '', listing);
      else printListing(remote, client.where, listing);
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const [commandName, remoteArg, ...rest] = argv;
  const remote = parseRemoteName(remoteArg);
  if (!remote) throw new UsageError(`unknown remote "${remoteArg ?? ''}"`);
  const pkg = remoteArg!;
  const parsed = parseCommand(commandName, pkg, rest);
  if (parsed.kind === 'help') {
    console.log(parsed.text);
    return 0;
  }
  if (parsed.kind === 'usage') throw new UsageError(parsed.message);
  const { command, values } = parsed;
  const config = loadConfig();
  // The commit of the checkout the command is typed in (where its build comes from), dirty or not.
  const who = { actor: 'cli', gitSha: gitSha(process.env.INIT_CWD ?? process.cwd()) };
  const site = values.site ?? (command === 'release' ? values.to : undefined);
  let client: ReleaseClient;
  if (site) {
    if (!/^https?:\/\/[^/]/.test(site)) throw new UsageError(`--site must be the site's address (http:// or https://), got "${site}"`);
    const token = process.env.RELEASE_TOKEN;
    if (!token) throw new UsageError("RELEASE_TOKEN must hold this remote's release token to talk to a running site");
    client = siteClient(remote, site, token, who);
  } else {
    // A preview link from this checkout's database opens on the site this checkout serves.
    const local = process.env.SITE_URL ? config.siteAddresses.siteUrl : `http://localhost:${config.port}`;
    client = await localClient(remote, config, who, local);
  }
  try {
    await run(command, remote, values, client, config.siteRoot, pkg);
    return 0;
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const code = error instanceof UsageError ? 2 : 1;
    const message = error instanceof Error ? error.message : String(error);
    // A CI reading --json gets JSON on stdout for a refusal too; the sentence stays on stderr.
    if (process.argv.includes('--json'))
      console.log(
        JSON.stringify(
          {
            error: message,
            ...(error instanceof ReleaseRefused && error.reasons.length ? { reasons: error.reasons } : {}),
            exitCode: code,
          },
          null,
          2,
        ),
      );
    if (error instanceof UsageError) console.error(message);
    else if (error instanceof ReleaseRefused) console.error(`Refused: ${message}`);
    else console.error(message);
    process.exit(code);
  },
);
