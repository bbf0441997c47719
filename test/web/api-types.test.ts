/**
 * The web client's REST types (web/src/api/schema.d.ts) are generated from the server's
 * OpenAPI document: when a route or schema changes, this fails until `npm run api-types`
 * regenerates them, and the front end's type check then shows every call to adapt.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { API_TYPES_FILE, generateApiTypes } from '../../web/scripts/api-types.ts';

describe('the web client\'s API types', () => {
  it('match what the current server\'s OpenAPI document generates', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const current = await generateApiTypes();
    assert.ok(committed === current, 'web/src/api/schema.d.ts is out of date with the server\'s OpenAPI document: run `npm run api-types`');
  });
});
