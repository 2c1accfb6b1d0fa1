import { describe, expect, it } from 'vitest';
import { clientAddressKey, mailboxKey } from '../../src/lib/limit-keys.ts';

describe('mailboxKey', () => {
  it('folds case and drops the +tag', () => {
    expect(mailboxKey('Ann+News@Example.COM')).toBe('ann@example.com');
    expect(mailboxKey(' ann@example.com ')).toBe('ann@example.com');
    expect(mailboxKey('a+b+c@x.io')).toBe('a@x.io');
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
