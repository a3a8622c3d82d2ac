import { limitKey } from '../platform/address-prefixes';
import { clientNetwork } from './client-address';

describe('what one client is, by address', () => {
  it('limits key an IPv4 address by itself and an IPv6 one by its /64', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey('2001:db8:1:2::a')).toBe(limitKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(limitKey('2001:db8:1:2::a')).not.toBe(limitKey('2001:db8:1:3::a'));
  });

  it('counts clients by IPv4 /24 and IPv6 /48: 25 /64s of one /48 are one client', () => {
    const networks = new Set(Array.from({ length: 25 }, (_, i) => clientNetwork(`2001:db8:77:${i.toString(16)}::${i + 1}`)));
    expect([...networks]).toEqual(['2001:db8:77::/48']);
    expect(clientNetwork('2001:db8:78::1')).not.toBe(clientNetwork('2001:db8:77::1'));
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.0/24');
  });

  it('counts a 6to4 or Teredo address as the IPv4 address inside it', () => {
    // 6to4: 2002:cb00:7107:: is 203.0.113.7's own /48.
    expect(clientNetwork('2002:cb00:7107::1')).toBe('203.0.113.0/24');
    expect(clientNetwork('2002:cb00:71fe:5::9')).toBe('203.0.113.0/24');
    // Teredo: the client's address is the last 32 bits, inverted (203.0.113.7 -> 34ff:8ef8).
    expect(clientNetwork('2001:0:4136:e378:8000:63bf:34ff:8ef8')).toBe('203.0.113.0/24');
    expect(limitKey('2001:0:4136:e378:8000:63bf:34ff:8ef8')).toBe('203.0.113.7');
  });

  it('keeps a dotted IPv4 tail and a zone apart from the words', () => {
    expect(clientNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0::/48');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
