/** Running the release CLI (and other commands) as a section team does, for the release suites. */
import { execFile } from 'node:child_process';
import { REPO_ROOT } from './site';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCommand(command: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, timeout: 180_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * `npm run <script> -w <pkg> -- <args>`, exactly as a team runs it. `env` is read on each call: the
 * suite's site (its data directory) starts after this is declared.
 */
export function releaseCli(pkg: string, env: () => Record<string, string>) {
  return (script: string, args: string[] = [], extra: Record<string, string> = {}) =>
    runCommand('npm', ['run', script, '--silent', '-w', pkg, ...(args.length ? ['--', ...args] : [])], { ...env(), ...extra });
}
