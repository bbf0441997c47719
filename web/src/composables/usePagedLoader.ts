/**
 * A list read a page at a time from the server (limit and offset), with the list's total
 * from X-Total-Count: a console over a competition's thousands of accounts pages through
 * all of them rather than showing the first thousand.
 */
import { computed, ref, watch, type ComputedRef } from 'vue';
import type { Page } from '../api/client.ts';
import { useLoader, type Loader } from './useLoader.ts';

export interface PagedLoader<T> extends Loader<T[]> {
  /** The page shown, 1-based. */
  readonly page: ComputedRef<number>;
  readonly pageSize: number;
  readonly total: ComputedRef<number>;
  /** What a table's remote pagination takes (naive-ui's `pagination` prop). */
  readonly pagination: ComputedRef<{ page: number; pageSize: number; itemCount: number; onUpdatePage: (page: number) => void }>;
  /** Back to the first page and read it (a new search, another ranking). */
  restart(): Promise<void>;
}

export function usePagedLoader<T>(load: (limit: number, offset: number) => Promise<Page<T[]>>, pageSize = 100): PagedLoader<T> {
  /** The page asked for; the page shown is the one the answer shown was read at. */
  const wanted = ref(1);
  // Rows, total and page are one answer: an older, slower read must leave none of them behind.
  const read = useLoader<Page<T[]> & { page: number }>({ rows: [], total: 0, page: 1 }, async () => {
    const page = wanted.value;
    const answer = await load(pageSize, (page - 1) * pageSize);
    // The list shrank under the page (liquidations leave the risk list): read its last page.
    if (answer.rows.length === 0 && page > 1) {
      const last = Math.max(1, Math.ceil(answer.total / pageSize));
      return { ...(await load(pageSize, (last - 1) * pageSize)), page: last };
    }
    return { ...answer, page };
  });
  const page = computed(() => read.data.value.page);
  // Later reads (a refresh) read the page shown.
  watch(page, (shown) => (wanted.value = shown));
  const data = computed(() => read.data.value.rows);
  const total = computed(() => read.data.value.total);
  const pagination = computed(() => ({
    page: page.value,
    pageSize,
    itemCount: total.value,
    onUpdatePage: (next: number) => {
      wanted.value = next;
      void read.reload();
    },
  }));
  return {
    data,
    loading: read.loading,
    error: read.error,
    reload: read.reload,
    page,
    pageSize,
    total,
    pagination,
    restart: () => {
      wanted.value = 1;
      return read.reload();
    },
  };
}
