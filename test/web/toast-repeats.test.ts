/** The page shows a repeated warning or error once a minute as a toast; every fill each time. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToastRepeats } from '../../web/src/toast-repeats.ts';

describe('toasts of repeated notices', () => {
  it('shows the same error again only after the window, and every INFO notice', () => {
    const repeats = new ToastRepeats(60_000, 3);
    const refused = 'login refused: carol logged in too often in a short time; try again in 1 s';
    assert.equal(repeats.shouldShow('ERROR', refused, 0), true);
    assert.equal(repeats.shouldShow('ERROR', refused, 1_300), false);
    assert.equal(repeats.shouldShow('ERROR', refused, 59_999), false);
    assert.equal(repeats.shouldShow('ERROR', refused, 60_000), true);
    const fill = 'BUY OPEN 1 SHFE.cu2701 @ 86000 (order o1)';
    assert.equal(repeats.shouldShow('INFO', fill, 1), true);
    assert.equal(repeats.shouldShow('INFO', fill, 2), true);
  });

  it('remembers a bounded number of texts', () => {
    const repeats = new ToastRepeats(60_000, 2);
    for (const text of ['a', 'b', 'c']) assert.equal(repeats.shouldShow('WARNING', text, 0), true);
    // 'a' was forgotten to keep two: shown again; 'c' is still remembered.
    assert.equal(repeats.shouldShow('WARNING', 'a', 1), true);
    assert.equal(repeats.shouldShow('WARNING', 'c', 1), false);
  });
});
