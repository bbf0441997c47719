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

  it('keeps the total of the answer it shows: an older, slower read does not leave its total behind', async () => {
    let search = '';
    const all = Array.from({ length: 250 }, (_, i) => `acc${i}`);
    const list = usePagedLoader<string>(async (limit, offset) => {
      const asked = search;
      // The unfiltered list answers slowly, the search at once.
      await new Promise((resolve) => setTimeout(resolve, asked === '' ? 30 : 1));
      const rows = asked === '' ? all : all.filter((id) => id.includes(asked));
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    });
    const slow = list.restart();
    search = 'acc1';
    await list.restart();
    await slow;
    assert.equal(list.data.value.length, 100);
    assert.equal(list.total.value, all.filter((id) => id.includes('acc1')).length, 'the search\'s total, not the slow read\'s 250');
  });

  it('reads the last page when the list shrank under the page shown', async () => {
    let rows = Array.from({ length: 250 }, (_, i) => `acc${i}`);
    const list = usePagedLoader<string>(async (limit, offset) => ({ rows: rows.slice(offset, offset + limit), total: rows.length }));
    await list.restart();
    list.pagination.value.onUpdatePage(3);
    await waitUntil(() => !list.loading.value);
    assert.equal(list.data.value.length, 50);
    rows = rows.slice(0, 150);
    await list.reload();
    assert.equal(list.page.value, 2);
    assert.deepEqual(list.data.value, rows.slice(100, 150));
  });

  it('shows the page of the answer it shows: an older read that moved to a last page does not move the page of a newer one', async () => {
    let rows = Array.from({ length: 250 }, (_, i) => `acc${i}`);
    const list = usePagedLoader<string>(async (limit, offset) => {
      const seen = rows;
      if (offset === 200) await new Promise((resolve) => setTimeout(resolve, 30));
      return { rows: seen.slice(offset, offset + limit), total: seen.length };
    });
    await list.restart();
    rows = rows.slice(0, 150);
    list.pagination.value.onUpdatePage(3);
    rows = Array.from({ length: 700 }, (_, i) => `acc${i}`);
    list.pagination.value.onUpdatePage(6);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await waitUntil(() => !list.loading.value);
    assert.equal(list.page.value, 6);
    assert.equal(list.data.value[0], 'acc500');
  });

  it('goes back to the first page when the list emptied', async () => {
    let rows = Array.from({ length: 250 }, (_, i) => `acc${i}`);
    const list = usePagedLoader<string>(async (limit, offset) => ({ rows: rows.slice(offset, offset + limit), total: rows.length }));
    await list.restart();
    list.pagination.value.onUpdatePage(3);
    await waitUntil(() => !list.loading.value);
    rows = [];
    await list.reload();
    assert.deepEqual([list.page.value, list.total.value, list.data.value.length], [1, 0, 0]);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(done());
}
