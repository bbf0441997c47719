import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOnTickGrid } from '../../src/config/index.ts';
import { describeValue, keyPath } from '../../src/config/schema-issues.ts';
import { parseToml } from '../../src/config/toml-file.ts';

describe('keyPath', () => {
  it('turns JSON pointers into TOML key paths', () => {
    assert.equal(keyPath('/instruments/3/price_tick'), 'instruments[3].price_tick');
    assert.equal(keyPath('/server/http_port'), 'server.http_port');
    assert.equal(keyPath('/exchange/odd key'), 'exchange["odd key"]');
    assert.equal(keyPath('/a~1b'), '["a/b"]');
  });
});

describe('describeValue', () => {
  it('names the type and a short value', () => {
    assert.equal(describeValue('10'), 'string "10"');
    assert.equal(describeValue(-1), '-1');
    assert.equal(describeValue(true), 'boolean true');
    assert.equal(describeValue([1]), 'an array');
    assert.equal(describeValue({}), 'a table');
  });
});

describe('isOnTickGrid', () => {
  it('accepts prices on the grid despite binary rounding', () => {
    assert.ok(isOnTickGrid(108.2, 0.005));
    assert.ok(isOnTickGrid(4560.2, 0.2));
    assert.ok(isOnTickGrid(930.02, 0.02));
    assert.ok(isOnTickGrid(790.5, 0.5));
  });
  it('rejects prices between ticks', () => {
    assert.ok(!isOnTickGrid(4560.1, 0.2));
    assert.ok(!isOnTickGrid(86505, 10));
    assert.ok(!isOnTickGrid(108.201, 0.005));
  });
});

describe('parseToml', () => {
  it('refuses __proto__ keys', () => {
    const result = parseToml('__proto__ = 1\n', 'x.toml');
    assert.equal(result.status, 'failed');
  });
});
