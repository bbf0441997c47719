/** The console's long lists are read a page at a time, with the list's total from the server. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usePagedLoader } from '../../web/src/composables/usePagedLoader.ts';

describe('paged lists of the console', () => {
  it('reads the page the table asks for at its offset, tells the total, and starts again at the first page', async () => {
    const rows = Array.from({ length: 2_501 }, (_, i) => `acc${i}`);
    const asked: Array<[number, number]> = [];
    const list = usePagedLoader<string>(async (limit, offset) => {
      asked.push([limit, offset]);
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    });
    await list.restart();
    assert.deepEqual(list.data.value, rows.slice(0, 100));
    assert.equal(list.pagination.value.itemCount, 2_501);
    list.pagination.value.onUpdatePage(26);
    await waitUntil(() => !list.loading.value);
    assert.deepEqual(list.data.value, ['acc2500'], 'the last page holds the 2,501st account');
    assert.equal(list.pagination.value.page, 26);
    await list.restart();
    assert.equal(list.pagination.value.page, 1);
    assert.deepEqual(asked, [
      [100, 0],
      [100, 2_500],
      [100, 0],
    ]);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(done());
}
