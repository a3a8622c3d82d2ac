/**
 * A release moves the registry as a promotion does, so the CLI says so as `promote` does: a live
 * `release` and a `release --canary` that leave a scheduled promotion to be refused at its time warn
 * in the text a person reads and in the `--json` a CI reads. Against this checkout's database.
 */
import { releaseCliCheckout } from '../../test/release-cli-checkout';

const cli = releaseCliCheckout();
const build = cli.build;

/** Runs the CLI and expects it to succeed without a word on stderr; its standard output. */
function npmRun(script: string, ...args: string[]): string {
  const run = cli.npmRun(script, ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

it('warns in text and JSON when a release or a release --canary leaves a scheduled promotion to be refused', () => {
  npmRun('release', '--from-dir', build('one'), '--json');
  const candidate = (JSON.parse(npmRun('release', '--from-dir', build('two'), '--candidate', '--json')) as { version: string }).version;
  const at = new Date(Date.now() + 3_600_000).toISOString();
  npmRun('promote', '--version', candidate, '--at', at, '--json');
  const scheduled = new RegExp(`the promotion of ${candidate} to every visitor scheduled for .* will be refused`);

  const released = npmRun('release', '--from-dir', build('three'));
  expect(released).toMatch(/^Released mf_invest /);
  expect(released.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^Warning: ${scheduled.source}`)));

  const canary = JSON.parse(npmRun('release', '--from-dir', build('four'), '--canary', '10', '--json')) as { warnings: string[] };
  expect(canary.warnings).toEqual([expect.stringMatching(scheduled)]);
});
