/**
 * The network a request came from, coarse enough that one household, office or attacker's block of
 * addresses is one client: the /24 of an IPv4 address, the /64 of an IPv6 one (what one customer of
 * an ISP is usually given). The canary guard counts distinct clients by it, so renting more
 * addresses in the same block buys an outsider nothing.
 */
import net from 'node:net';

/** The 8 groups of an IPv6 address, expanded ("2001:db8::1" -> 2001, db8, 0, ... 1). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    g.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (net.isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(address)) return `${ipv6Groups(address.split('%')[0]!).slice(0, 4).join(':')}::/64`;
  // Not an address (a test's socket): the text itself is the client.
  return address;
}

/**
 * The client the canary guard counts: the /24 of an IPv4 address, the /48 of an IPv6 one (one site's
 * allocation: a single customer routinely holds many /64s of one /48, each of which would otherwise
 * count as a person).
 */
export function guardNetwork(ip: string): string {
  const network = clientNetwork(ip);
  if (!network.endsWith('::/64')) return network;
  return `${network.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}
