import { describe, expect, it } from 'vitest';
import { clientKey } from '../../server/provider/http/client-key';

describe('the client a per-address limit counts', () => {
  it('is an IPv4 address as it is', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('is an IPv6 address’s /64, however the address is written', () => {
    expect(clientKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:0:0:0:B')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2::c]')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
  });

  it('is an IPv4-mapped IPv6 address’s IPv4 address', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('is anything else as itself, shortened', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
    expect(clientKey('x'.repeat(500))).toHaveLength(64);
  });
});
