/** The canary guard's client: 25 /64s of one /48 are one client; an IPv4 /24 stays one client. */
import { guardNetwork } from './client-address';

describe('guardNetwork', () => {
  it('counts every /64 of one /48 as one client, and other /48s apart', () => {
    const networks = new Set(Array.from({ length: 25 }, (_, i) => guardNetwork(`2001:db8:7:${(i + 1).toString(16)}::${i + 5}`)));
    expect([...networks]).toEqual(['2001:db8:7::/48']);
    expect(guardNetwork('2001:db8:8:1::1')).toBe('2001:db8:8::/48');
    expect(guardNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
  });

  it('keeps an IPv4 (or IPv4-mapped) address to its /24', () => {
    expect(guardNetwork('192.0.2.77')).toBe('192.0.2.0/24');
    expect(guardNetwork('::ffff:192.0.2.9')).toBe('192.0.2.0/24');
  });
});
