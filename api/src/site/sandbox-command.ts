/**
 * How a renderer process is started: Node's permission model (file reads of the renderer's own
 * bundle and the site's builds only; no writes, no children, no workers, no addons), a heap ceiling,
 * a ceiling on all its memory (`prlimit --data`), an empty environment, and a network namespace of
 * its own (`unshare --net`: Node 20's permission model does not cover the network, and on this
 * machine loopback is trusted by the api as a proxy and by Varnish for purges). Where no namespace can be made the renderers are not started unless
 * the operator says RENDER_SANDBOX_NETWORK=host, acknowledging that section code can reach loopback.
 */
import { spawnSync } from 'node:child_process';

/** A renderer's heap: a page needs some tens of megabytes; a section that allocates without bound is ended here. */
export const RENDERER_HEAP_MB = 256;
/**
 * All of a renderer's writable memory (RLIMIT_DATA, through `prlimit`): buffers and large strings
 * live outside the heap, where the heap's ceiling does not see them. A renderer holds about 150 MB.
 */
const RENDERER_DATA_MB = 768;

export type SandboxNetwork = 'namespace' | 'host';

export interface SandboxCommand {
  command: string;
  args: string[];
  network: SandboxNetwork;
}

let unshareWorks: boolean | undefined;

/** Whether `unshare --net` can make a network namespace here (root, or user namespaces allowed). */
function canUnshare(): boolean {
  unshareWorks ??=
    spawnSync('unshare', ['--net', '--', 'prlimit', '--data=1073741824', '--', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return unshareWorks;
}

/** Thrown at start when renderers cannot be isolated from the network and the operator has not accepted it. */
export class SandboxUnavailable extends Error {}

/**
 * The network the renderers get: their own namespace, or (only with RENDER_SANDBOX_NETWORK=host)
 * the host's. Any other value of the variable is refused, as is a missing namespace without it.
 */
export function sandboxNetwork(setting: string | undefined): SandboxNetwork {
  if (setting !== undefined && setting !== '' && setting !== 'host')
    throw new SandboxUnavailable(`RENDER_SANDBOX_NETWORK must be unset or "host", not "${setting}"`);
  if (canUnshare()) return 'namespace';
  if (setting === 'host') return 'host';
  throw new SandboxUnavailable(
    'cannot start the renderers without a network of their own: `unshare --net` failed (util-linux missing, or no permission ' +
      'to create a network namespace). Run as root or allow unprivileged user namespaces, or set RENDER_SANDBOX_NETWORK=host ' +
      'to accept that section code can reach this machine’s loopback services.',
  );
}

/** The command line of one renderer: `entry` with read access to `readable` alone. */
export function sandboxCommand(entry: string, readable: string[], network: SandboxNetwork): SandboxCommand {
  const node = [
    '--experimental-permission',
    // One flag per path: Node 20.20 reads a comma-separated list as a single path (allowing nothing).
    ...[entry, ...readable].map((file) => `--allow-fs-read=${file}`),
    `--max-old-space-size=${RENDERER_HEAP_MB}`,
    // A young generation of 32 MB: a render allocates a lot that dies at once, and with the default
    // a renderer spent enough time in scavenges to render about 0.85 of what worker threads did.
    '--max-semi-space-size=32',
    // Not the experimental warning on every start; nothing else is turned off.
    '--disable-warning=ExperimentalWarning',
    entry,
  ];
  const limited = ['prlimit', `--data=${RENDERER_DATA_MB * 1024 * 1024}`, '--', process.execPath, ...node];
  if (network === 'host') return { command: limited[0]!, args: limited.slice(1), network };
  return { command: 'unshare', args: ['--net', '--', ...limited], network };
}
