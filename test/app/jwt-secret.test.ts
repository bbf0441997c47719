/**
 * The token signing secret: JWT_SECRET, else one kept in DATA_DIR across restarts. A
 * short secret someone wrote there is refused, not silently replaced (which would end
 * every session); an empty file, a write never finished, is replaced.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadOrCreateJwtSecret } from '../../src/app/auth/jwt-secret.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'basis-jwt-'));

describe('the JWT signing secret', () => {
  it('is generated once into DATA_DIR, readable by its owner only, and kept across starts', () => {
    const dir = dataDir();
    const secret = loadOrCreateJwtSecret(undefined, dir);
    assert.ok(secret.length >= 32);
    assert.equal(statSync(path.join(dir, 'jwt-secret')).mode & 0o777, 0o600);
    assert.equal(loadOrCreateJwtSecret(undefined, dir), secret);
    assert.equal(loadOrCreateJwtSecret('configured', dir), 'configured', 'JWT_SECRET wins');
  });

  it('replaces an empty file, and refuses a short secret instead of replacing it', () => {
    const dir = dataDir();
    const file = path.join(dir, 'jwt-secret');
    writeFileSync(file, '\n');
    assert.ok(loadOrCreateJwtSecret(undefined, dir).length >= 32);
    writeFileSync(file, 'short-secret\n');
    assert.throws(() => loadOrCreateJwtSecret(undefined, dir), /holds a secret of 12 characters, fewer than the 32/);
    assert.equal(readFileSync(file, 'utf8'), 'short-secret\n', 'left as it was');
  });
});
