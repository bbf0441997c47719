/** The consoles' search boxes: what they send the server (web/src/search-text.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchText } from '../../web/src/search-text.ts';
import { HttpHarness } from '../support/http-harness.ts';

describe('searchText', () => {
  it('trims, and cuts at 64 characters without splitting one', () => {
    assert.equal(searchText('  bob-w \n'), 'bob-w');
    const emoji = '😀'.repeat(70);
    const sent = searchText(`a${emoji}`);
    assert.equal(Array.from(sent).length, 64);
    assert.doesNotThrow(() => encodeURIComponent(sent), 'a cut emoji would not go in a URL');
    assert.equal(searchText('x'.repeat(100)), 'x'.repeat(64));
  });

  it('sends what the server takes: 64 characters, counted as the server counts them', async () => {
    const h = await HttpHarness.start();
    try {
      const found = await h.asAdmin('GET', `/api/auth/users?search=${encodeURIComponent(searchText('😀'.repeat(70)))}`);
      assert.deepEqual(found, []);
    } finally {
      await h.stop();
    }
  });
});
