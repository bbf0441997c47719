/**
 * What one "address" is for the per-address DIFF cap: an IPv4 address however it is
 * written, an IPv6 /64 (one subscriber's block), and a count that frees on release.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressQuota, quotaKey } from '../../../src/adapters/ws/address-quota.ts';

describe('the per-address quota of DIFF connections', () => {
  it('counts an IPv4 address the same when a dual-stack socket reports it IPv4-mapped', () => {
    assert.equal(quotaKey('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(quotaKey('::FFFF:10.1.2.3'), '10.1.2.3');
    assert.equal(quotaKey('10.1.2.3'), '10.1.2.3');
  });

  it('counts an IPv6 /64 as one address, however the address is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of ['2001:db8:0:1::1', '2001:0db8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1:a::b', '2001:db8::1:0:0:0:7']) {
      assert.equal(quotaKey(address), key, address);
    }
    assert.notEqual(quotaKey('2001:db8:0:2::1'), key);
    assert.equal(quotaKey('::1'), '0:0:0:0::/64');
    assert.equal(quotaKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });

  it('refuses past the limit per key, tells once, and frees on release', () => {
    const told: string[] = [];
    const quota = new AddressQuota(2, (address) => told.push(address));
    assert.ok(quota.take('2001:db8:0:1::1'));
    assert.ok(quota.take('2001:db8:0:1::2'));
    assert.equal(quota.take('2001:db8:0:1::3'), false, 'a third address of the same /64');
    assert.equal(quota.take('2001:db8:0:1::4'), false);
    assert.deepEqual(told, ['2001:db8:0:1::3']);
    assert.ok(quota.take('2001:db8:0:2::1'), 'another /64');
    quota.release('2001:db8:0:1::1');
    assert.ok(quota.take('2001:db8:0:1::9'));
    // An IPv4 address written both ways is one address.
    assert.ok(quota.take('::ffff:127.0.0.1'));
    assert.ok(quota.take('127.0.0.1'));
    assert.equal(quota.take('::ffff:127.0.0.1'), false);
  });
});
