/**
 * The release CLI as a team's CI and a person meet it, through npm as they type it: --help, an
 * unknown option, `release --canary 10 --json` read by the test as a CI would, and failures that
 * print the one message and no npm error lines. Against this checkout's database (a fixture site).
 */
import { releaseCliCheckout } from '../../test/release-cli-checkout';

const { build, npmRun } = releaseCliCheckout();

describe('release CLI', () => {
  it('explains every command with --help', () => {
    for (const script of ['release', 'promote', 'rollback', 'releases']) {
      const help = npmRun(script, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`npm run -s ${script} -w mf-invest -- [options]`);
      expect(help.stdout).toContain('--site <url>');
    }
    expect(npmRun('promote', '--help').stdout).toMatch(/--at <time> +an ISO time/);
  });

  it('refuses an unknown option in one line naming the valid ones, exit 2, no npm noise', () => {
    const typo = npmRun('promote', '--versoin', '1.0.0-abc');
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim()).toBe(
      'promote does not take --versoin; it takes --version, --share, --at, --cancel, --end-canary, --site, --json (--help explains them)',
    );
    expect(typo.stdout).toBe('');
  });

  it('release --canary 10 --json: stores, starts the canary, answers JSON a CI reads, with a preview link on the site it runs against', () => {
    const baseline = npmRun('release', '--from-dir', build('v1'), '--json');
    expect(baseline.stderr).toBe('');
    expect(baseline.code).toBe(0);
    const first = JSON.parse(baseline.stdout) as { version: string };
    const run = npmRun(
      'release',
      '--from-dir',
      build('v2'),
      '--canary',
      '10',
      '--json',
      '--notes',
      'Spring pricing',
      '--ci-url',
      'https://ci.example/run/7',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as {
      version: string;
      previous: string;
      candidate: boolean;
      canary: { share: number };
      preview: { url: string };
      next: Record<string, string>;
    };
    expect(answer).toMatchObject({ remote: 'mf_invest', previous: first.version, candidate: true, canary: { share: 10 } });
    expect(answer.preview.url).toMatch(/^http:\/\/localhost:3000\/api\/preview\/[\w.-]+$/);
    expect(answer.next.promote).toBe(`npm run -s promote -w mf-invest -- --version ${answer.version}`);

    const listing = JSON.parse(npmRun('releases', '--json').stdout) as {
      current: string;
      canary: { version: string; share: number };
      releases: { version: string; notes: string | null; ciUrl: string | null; gitSha: string | null }[];
    };
    expect(listing.current).toBe(first.version);
    expect(listing.canary).toMatchObject({ version: answer.version, share: 10 });
    expect(listing.releases.find((r) => r.version === answer.version)).toMatchObject({
      notes: 'Spring pricing',
      ciUrl: 'https://ci.example/run/7',
      gitSha: expect.stringMatching(/^[0-9a-f]{7,}(-dirty)?$/),
    });
  });

  it('prints one message and no npm error lines when refused, exit 1', () => {
    const refused = npmRun('release', '--from-dir', build('v3'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Refused: a canary of \S+ runs at 10 %: promote it with share 100, or roll it back, first\n$/);
    expect(refused.stderr + refused.stdout).not.toMatch(/npm (error|ERR)/);
  });

  it('says a candidate of the live version is live already, with no promote to run next', () => {
    const dist = build('live-again');
    // The canary an earlier test started would refuse a live release: ended first.
    npmRun('rollback');
    const released = npmRun('release', '--from-dir', dist);
    expect([released.code, released.stderr]).toEqual([0, '']);
    const again = npmRun('release', '--from-dir', dist, '--candidate');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/is the live version already: stored, nothing to promote\./);
    expect(again.stdout).not.toContain('promote -w');
  });

  it('answers a --json refusal in JSON on stdout, exits 2 for a past or malformed --at alike, and names a missing --from-dir', () => {
    const missing = npmRun('release', '--from-dir', '/missing-build', '--json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--from-dir \/missing-build: no such folder/);
    expect(missing.stderr).not.toContain('ENOENT');
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: expect.stringContaining('no such folder'), exitCode: 2 });
    const past = npmRun('promote', '--version', '1.2.0-0123456789', '--at', '2020-01-01T00:00:00Z');
    const malformed = npmRun('promote', '--version', '1.2.0-0123456789', '--at', 'tomorrow');
    expect([past.code, malformed.code]).toEqual([2, 2]);
    const refused = npmRun('promote', '--version', '1.2.0-0123456789', '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: expect.stringContaining('has no release'), exitCode: 1 });
  });
});
