/**
 * The network a request came from, coarse enough that one household, office or attacker's block of
 * addresses is one client: the /24 of an IPv4 address, the /48 of an IPv6 one (what an ISP gives one
 * customer at most; a /64 is one link of it). 6to4 and Teredo addresses count as the IPv4 address
 * they carry (platform/address-prefixes.ts). The canary guard counts distinct clients by it, so
 * renting more addresses in the same block buys an outsider nothing.
 */
import { ipv6Prefix, parsedAddress } from '../platform/address-prefixes';

export function clientNetwork(ip: string): string {
  const parsed = parsedAddress(ip);
  // Not an address (a test's socket): the text itself is the client.
  if (!parsed) return ip;
  if ('v4' in parsed) return `${parsed.v4.split('.').slice(0, 3).join('.')}.0/24`;
  return ipv6Prefix(parsed.v6, 3);
}
