/** What the release CLI prints: sentences for a person, or one JSON object for a CI (`--json`). */
import type { RemoteName } from '@cardlift/contracts';
import type { ReleaseClient, Listing } from './cli-clients';
import type { CliValues } from './cli-options';
import type { ReleaseOutcome } from '../releases/release-service';
import type { MoveNotices } from '../releases/move-notices';

/** A move's sentence, then what it ended and what it warns of, each on its own line. */
export function withNotices(sentence: string, notices: Partial<MoveNotices>): string {
  const ended = notices.endedCanary
    ? [`It ended the canary of ${notices.endedCanary.version} (${notices.endedCanary.share} % of visitors), as --end-canary asked.`]
    : [];
  return [sentence, ...ended, ...(notices.warnings ?? []).map((w) => `Warning: ${w}.`)].join('\n');
}

/** The commands a person runs next, pointed where this one was. */
function nextCommands(pkg: string, version: string, site: string | undefined) {
  const at = site ? ` --site ${site}` : '';
  return {
    promote: `npm run -s promote -w ${pkg} -- --version ${version}${at}`,
    rollback: `npm run -s rollback -w ${pkg} --${at}`,
    health: `npm run -s releases -w ${pkg} -- --health${at}`,
  };
}

export function printReleaseOutcome(options: {
  remote: RemoteName;
  pkg: string;
  client: ReleaseClient;
  values: CliValues;
  outcome: ReleaseOutcome;
  canary: number | undefined;
  preview: { url: string; expiresAt: string } | undefined;
}): void {
  const { remote, pkg, client, values, outcome, canary, preview } = options;
  const site = values.site ?? values.to;
  // A candidate of the version already live: there is nothing to promote.
  const live = outcome.candidate && !canary && outcome.version === outcome.previous;
  const next = { ...nextCommands(pkg, outcome.version, site), ...(live ? { promote: null } : {}) };
  if (values.json) {
    console.log(JSON.stringify({ remote, ...outcome, canary: canary ? { share: canary } : null, preview: preview ?? null, next }, null, 2));
    return;
  }
  const reused = outcome.published ? '' : ' (this build was stored before; its files are reused)';
  // The sentences a team's scripts already read: `Released <remote> <version>;` from the database,
  // `Released <remote> <version> on <site>.` from a running site (and the same for a candidate).
  if (outcome.alreadyCurrent) console.log(`${remote} ${outcome.version} is already the current release; nothing changed.`);
  else if (canary)
    console.log(
      `Stored ${remote} ${outcome.version}${reused} and started it as the canary for ${canary} % of visitors on ${client.where}.`,
    );
  else if (live) console.log(`${remote} ${outcome.version} is the live version already: stored, nothing to promote.`);
  else if (outcome.candidate && site) console.log(`Stored candidate ${remote} ${outcome.version} on ${client.where}.`);
  else if (outcome.candidate)
    console.log(`Stored ${remote} ${outcome.version} as a candidate; promote it with --version ${outcome.version}.`);
  else if (site) console.log(`Released ${remote} ${outcome.version} on ${client.where}.`);
  else {
    console.log(`Released ${remote} ${outcome.version}${reused}; previous: ${outcome.previous ?? 'none'}.`);
    console.log('Every server of the site serves it from the next page load.');
  }
  for (const warning of outcome.warnings) console.log(`Warning: ${warning}.`);
  if (preview) console.log(`Preview (this browser only, until ${preview.expiresAt}): ${preview.url}`);
  if ((outcome.candidate || canary) && !live) {
    console.log('Next:');
    console.log(`  everyone:   ${next.promote}`);
    if (canary) console.log(`  roll back:  ${next.rollback}`);
    console.log(`  health:     ${next.health}`);
  }
}

export function printListing(remote: RemoteName, where: string, listing: Listing): void {
  console.log(`Releases of ${remote} (${where}):`);
  const { canary, scheduled } = listing;
  if (canary) console.log(`  canary: ${canary.version} for ${canary.share} % of visitors since ${canary.since}`);
  if (scheduled)
    console.log(
      `  scheduled: ${scheduled.version} ${scheduled.share === null ? 'to every visitor' : `as a canary at ${scheduled.share} %`} at ${scheduled.dueAt} (by ${scheduled.actor}; --cancel on promote cancels it)`,
    );
  const last = listing.lastSchedule;
  if (last)
    console.log(
      last.outcome === 'refused'
        ? `  last scheduled: ${last.version} for ${last.dueAt ?? 'its time'} was REFUSED at ${last.at}: ${last.reason ?? 'no reason recorded'}`
        : `  last scheduled: ${last.version} for ${last.dueAt ?? 'its time'} was cancelled at ${last.at} by ${last.actor}`,
    );
  if (listing.releases.length === 0) console.log('  none yet');
  for (const r of listing.releases) {
    const notes = [
      r.createdAt,
      r.state === 'candidate' && 'candidate',
      r.gitSha && `git ${r.gitSha}`,
      r.rolledBackAt && `rolled back ${r.rolledBackAt}`,
      r.notes && `"${r.notes}"`,
      r.ciUrl,
    ];
    console.log(`${r.current ? '* ' : '  '}${r.version}  ${notes.filter(Boolean).join('  ')}${r.current ? '  (current)' : ''}`);
  }
  if (!listing.current) console.log('  (no current release: the site serves the checkout build of this remote)');
}
