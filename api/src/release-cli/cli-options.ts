/**
 * The release CLI's commands, their options and their help, in one table: `--help` prints it, and an
 * option a command does not take is refused with one line naming the ones it does.
 */
import { parseArgs } from 'node:util';

interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's name in the help (`--share <n>`). */
  value?: string;
  help: string;
}

const SITE: OptionSpec = {
  type: 'string',
  value: 'url',
  help: "a running site (its release API, with RELEASE_TOKEN); without it, this checkout's database",
};
const JSON_OUT: OptionSpec = { type: 'boolean', help: 'print one JSON object (for CI) instead of sentences' };
const END_CANARY: OptionSpec = { type: 'boolean', help: 'end a running canary of another version with this move (else refused)' };

const COMMANDS = {
  release: {
    summary: 'build the remote (or take --from-dir), check it, store it and make it live',
    options: {
      site: SITE,
      to: { type: 'string', value: 'url', help: 'the same as --site' },
      'from-dir': { type: 'string', value: 'dir', help: 'an existing build (a CI artifact) instead of building' },
      candidate: { type: 'boolean', help: 'store it without making it live (preview it, promote it later)' },
      canary: { type: 'string', value: 'share', help: 'store it and start it as a canary for this % of visitors (1-99)' },
      notes: { type: 'string', value: 'text', help: 'what this release is, recorded with it' },
      'ci-url': { type: 'string', value: 'url', help: 'the CI run that built it, recorded with it' },
      json: JSON_OUT,
    },
  },
  promote: {
    summary: 'make a stored release live, a canary, or schedule it',
    options: {
      version: { type: 'string', value: 'version', help: 'the stored release (as `releases` lists it)' },
      share: { type: 'string', value: 'n', help: '1-99: a canary for n % of visitors; 100 (the default): everyone' },
      at: { type: 'string', value: 'time', help: 'an ISO time (2026-12-01T14:00:00Z), within 90 days: it happens then, on any server' },
      cancel: { type: 'boolean', help: 'cancel the scheduled promotion' },
      'end-canary': END_CANARY,
      site: SITE,
      json: JSON_OUT,
    },
  },
  rollback: {
    summary: 'return to the previous release (or end the running canary)',
    options: {
      to: { type: 'string', value: 'version', help: 'another stored release to return to' },
      'end-canary': END_CANARY,
      site: SITE,
      json: JSON_OUT,
    },
  },
  releases: {
    summary: "list the releases, the canary and what is scheduled; --health: visitors' figures per version",
    options: {
      health: { type: 'boolean', help: "visitors' figures per version, and the guard's progress" },
      hours: { type: 'string', value: 'n', help: 'the window of --health (default 24)' },
      site: SITE,
      json: JSON_OUT,
    },
  },
} satisfies Record<string, { summary: string; options: Record<string, OptionSpec> }>;

export type Command = keyof typeof COMMANDS;
export type CliValues = Partial<
  Record<'site' | 'to' | 'from-dir' | 'canary' | 'notes' | 'ci-url' | 'version' | 'share' | 'at' | 'hours', string>
> &
  Partial<Record<'candidate' | 'json' | 'cancel' | 'health' | 'end-canary', boolean>>;

const isCommand = (name: string | undefined): name is Command => name !== undefined && Object.hasOwn(COMMANDS, name);

/** The help of one command, or of them all. */
export function helpText(packageName: string, command?: Command): string {
  const commands = command ? [command] : (Object.keys(COMMANDS) as Command[]);
  const lines: string[] = [];
  for (const name of commands) {
    const spec = COMMANDS[name];
    lines.push(`npm run -s ${name} -w ${packageName} -- [options]   ${spec.summary}`);
    for (const [option, o] of Object.entries(spec.options) as [string, OptionSpec][]) {
      lines.push(`  --${option}${o.value ? ` <${o.value}>` : ''}`.padEnd(26) + o.help);
    }
    lines.push(`  --help`.padEnd(26) + 'this help', '');
  }
  lines.push('Exit codes: 0 done, 1 refused or failed (nothing changed), 2 a mistake in the command.');
  lines.push('-s keeps npm quiet: only the answer, and on failure the one message.');
  return lines.join('\n');
}

export type Parsed =
  { kind: 'help'; text: string } | { kind: 'usage'; message: string } | { kind: 'run'; command: Command; values: CliValues };

/** The command line after `cli.ts <command> <remote>`. */
export function parseCommand(commandName: string | undefined, packageName: string, args: string[]): Parsed {
  if (!isCommand(commandName))
    return { kind: 'usage', message: `unknown command "${commandName ?? ''}": one of ${Object.keys(COMMANDS).join(', ')}` };
  const spec = COMMANDS[commandName];
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help', text: helpText(packageName, commandName) };
  const valid = Object.keys(spec.options).map((o) => `--${o}`);
  const unknown = args.find((a) => a.startsWith('-') && !valid.includes(a.split('=')[0]!));
  if (unknown)
    return {
      kind: 'usage',
      message: `${commandName} does not take ${unknown.split('=')[0]}; it takes ${valid.join(', ')} (--help explains them)`,
    };
  try {
    const { values, positionals } = parseArgs({ args, options: spec.options, allowPositionals: true, strict: true });
    if (positionals.length)
      return { kind: 'usage', message: `${commandName} takes no "${positionals[0]}": options only (--help explains them)` };
    return { kind: 'run', command: commandName, values: values as CliValues };
  } catch (error) {
    // A string option given no value, a value given to a switch: Node's sentence, on one line.
    return { kind: 'usage', message: `${commandName}: ${(error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '')}` };
  }
}
