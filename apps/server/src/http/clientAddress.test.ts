import { describe, expect, it } from 'vitest';
import { clientAddress } from './clientAddress.ts';

describe('clientAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.33', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddress(ip)).toBe(key);
  });

  it('tells two /64 apart', () => {
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'));
  });
});
