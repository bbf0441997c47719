/**
 * The DIFF heartbeat's rule: a connection silent longer than the timeout is dropped
 * within a tenth of the timeout (at most a second) after it; a silent one is pinged
 * once, at half the timeout, and again only after it was heard.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { heartbeatAction, heartbeatCheckEveryMs } from '../../../src/adapters/ws/heartbeat.ts';

const TIMEOUT = 10_000;

describe('DIFF heartbeat', () => {
  it('looks often enough to drop a silent connection within a tenth of the timeout, at most a second, after it', () => {
    assert.equal(heartbeatCheckEveryMs(10_000), 1000);
    assert.equal(heartbeatCheckEveryMs(60_000), 1000);
    assert.equal(heartbeatCheckEveryMs(2_000), 200);
    assert.equal(heartbeatCheckEveryMs(500), 100);
  });

  it('drops a connection silent longer than the timeout, and not before', () => {
    assert.equal(heartbeatAction(TIMEOUT, 0, TIMEOUT / 2, TIMEOUT), 'none');
    assert.equal(heartbeatAction(TIMEOUT + 1, 0, TIMEOUT / 2, TIMEOUT), 'drop');
    // Dropped at the first look past the timeout: never later than one check interval.
    const every = heartbeatCheckEveryMs(TIMEOUT);
    let now = 0;
    while (heartbeatAction(now, 0, TIMEOUT / 2, TIMEOUT) !== 'drop') now += every;
    assert.ok(now <= TIMEOUT + every, `dropped at ${now} ms`);
  });

  it('pings a silent connection once, at half the timeout, and again only after hearing from it', () => {
    assert.equal(heartbeatAction(TIMEOUT / 2 - 1, 0, 0, TIMEOUT), 'none', 'a connection heard lately needs no ping');
    assert.equal(heartbeatAction(TIMEOUT / 2, 0, 0, TIMEOUT), 'ping');
    assert.equal(heartbeatAction(TIMEOUT / 2 + 1000, 0, TIMEOUT / 2, TIMEOUT), 'none', 'pinged already in this silence');
    // Its pong is heard at 5,050: the next ping comes half a timeout later.
    assert.equal(heartbeatAction(9_000, 5_050, TIMEOUT / 2, TIMEOUT), 'none');
    assert.equal(heartbeatAction(10_050, 5_050, TIMEOUT / 2, TIMEOUT), 'ping');
  });
});
