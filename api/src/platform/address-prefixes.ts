/**
 * What one client is, by address. An ISP gives a customer a whole IPv6 /64 (often a /56 or /48), so
 * keying a limit by the full address gives one machine 2^64 fresh counts; an IPv4 address is the
 * scarce thing it is. Limits (contact form, sign-in, page-view tokens, reports, connections) key by
 * `limitKey`: the IPv4 address, or the IPv6 /64. 6to4 (2002::/16) and Teredo (2001:0::/32) addresses
 * carry their owner's IPv4 address inside, and are keyed by it, since renting them costs nothing more.
 */
import net from 'node:net';

/** The 8 16-bit words of an IPv6 address (dotted IPv4 tails included), or undefined when it is not one. */
function ipv6Words(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  if (!net.isIPv6(text)) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((word) => parseInt(word, 16));
}

const dottedQuad = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 one stands for: IPv4-mapped, 6to4 and Teredo (whose client address is inverted). */
function embeddedIpv4(words: readonly number[]): string | undefined {
  const [w0 = 0, w1 = 0, w2 = 0, , , w5 = 0, w6 = 0, w7 = 0] = words;
  if (words.slice(0, 5).every((w) => w === 0) && w5 === 0xffff) return dottedQuad(w6, w7);
  if (w0 === 0x2002) return dottedQuad(w1, w2);
  if (w0 === 0x2001 && w1 === 0) return dottedQuad(w6 ^ 0xffff, w7 ^ 0xffff);
  return undefined;
}

/** The IPv4 address (dotted) or the IPv6 words of `ip`, after unwrapping an IPv4 address inside IPv6. */
export function parsedAddress(ip: string): { v4: string } | { v6: number[] } | undefined {
  if (net.isIPv4(ip)) return { v4: ip };
  const words = ipv6Words(ip);
  if (!words) return undefined;
  const v4 = embeddedIpv4(words);
  return v4 ? { v4 } : { v6: words };
}

/** The first `count` words as a prefix ("2001:db8:1:2::/64"). */
export function ipv6Prefix(words: readonly number[], count: number): string {
  return `${words
    .slice(0, count)
    .map((w) => w.toString(16))
    .join(':')}::/${count * 16}`;
}

/** The key one client's limits are counted under: the IPv4 address, or the IPv6 /64. */
export function limitKey(ip: string): string {
  const parsed = parsedAddress(ip);
  if (!parsed) return ip; // Not an address (a test's socket): the text itself is the client.
  return 'v4' in parsed ? parsed.v4 : ipv6Prefix(parsed.v6, 4);
}
