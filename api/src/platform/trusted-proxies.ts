/**
 * Which peers may speak for a visitor. A count of hops alone (TRUST_PROXY_HOPS) believes the last
 * X-Forwarded-For entry of anyone who reaches the api's port, so a client connecting straight to it
 * names its own address, protocol and host. TRUST_PROXY_FROM lists the proxies' own addresses
 * (addresses or CIDRs, as Express's `trust proxy` with a subnet list): a forwarded header counts only
 * when the socket's peer is one of them, and each further hop only when the entry before it is too.
 */
import net from 'node:net';

/** What the proxies are by default when some are trusted: this machine (Varnish beside the api). */
export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1'] as const;

/** `::ffff:127.0.0.1` (an IPv4 peer of a dual-stack socket) is 127.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ?? address.split('%')[0]!;
}

/**
 * Parses TRUST_PROXY_FROM ("10.0.0.0/8, ::1"); undefined when unset (the proxies are then
 * LOOPBACK_PROXIES); throws with the setting's name on anything but addresses and CIDRs.
 */
export function trustProxyFrom(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.TRUST_PROXY_FROM;
  if (raw === undefined || raw.trim() === '') return undefined;
  const list = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) proxyRange(entry);
  return list;
}

function proxyRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', bits] = entry.split('/');
  const version = net.isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (version === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    throw new Error(`TRUST_PROXY_FROM must list addresses or CIDRs (10.0.0.0/8, ::1), got "${entry}"`);
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A test for "is this peer one of the proxies", from a list `trustProxyFrom` accepted. */
export function proxyTest(list: readonly string[]): (address: string) => boolean {
  const block = new net.BlockList();
  for (const entry of list) {
    const range = proxyRange(entry);
    block.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const plain = plainAddress(address);
    const version = net.isIP(plain);
    return version !== 0 && block.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

export interface ForwardedChain {
  /** The client: the socket's peer, or the X-Forwarded-For entry the last trusted proxy wrote. */
  client: string;
  /** How many trusted proxies spoke (0: none, and forwarded headers are not believed). */
  trustedHops: number;
}

/**
 * Walks X-Forwarded-For from the right, as far as `hops` and only through trusted proxies: the peer
 * must be trusted for its entry to count, that entry must be trusted for the one before it, and so on.
 */
export function forwardedClient(
  peer: string,
  forwardedFor: readonly string[],
  hops: number,
  trusted: (a: string) => boolean,
): ForwardedChain {
  let client = plainAddress(peer);
  let trustedHops = 0;
  while (trustedHops < hops && trusted(client)) {
    trustedHops += 1;
    const next = forwardedFor[forwardedFor.length - trustedHops];
    if (next === undefined) break;
    client = plainAddress(next);
  }
  return { client, trustedHops };
}
