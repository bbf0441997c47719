/**
 * A DIFF connection's address for the login limits, as fastify's request.ip with the same
 * hop count (server.trust_proxy): X-Forwarded-For counted from the right, one entry per
 * trusted proxy, so a client cannot choose its address by writing the header's left end.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { clientAddress } from '../../../src/adapters/ws/diff-server.ts';

const request = (peer: string, forwarded?: string | string[]) =>
  ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

describe('DIFF client address', () => {
  it('is the socket peer without trusted proxies, whatever the header says', () => {
    assert.equal(clientAddress(request('10.0.0.2', '1.2.3.4'), 0), '10.0.0.2');
  });

  it('behind n proxies, is the n-th address from the right', () => {
    assert.equal(clientAddress(request('10.0.0.2', 'forged, 203.0.113.7'), 1), '203.0.113.7');
    assert.equal(clientAddress(request('10.0.0.2', 'forged, 203.0.113.7, 10.0.0.9'), 2), '203.0.113.7');
    assert.equal(clientAddress(request('10.0.0.2', ['forged', '203.0.113.7']), 1), '203.0.113.7');
  });

  it('with fewer entries than proxies, is the leftmost there is; without a header, the peer', () => {
    assert.equal(clientAddress(request('10.0.0.2', '203.0.113.7'), 3), '203.0.113.7');
    assert.equal(clientAddress(request('10.0.0.2'), 1), '10.0.0.2');
  });
});
