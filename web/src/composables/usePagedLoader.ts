/**
 * A list read a page at a time from the server (limit and offset), with the list's total
 * from X-Total-Count: a console over a competition's thousands of accounts pages through
 * all of them rather than showing the first thousand.
 */
import { computed, ref, type ComputedRef, type Ref } from 'vue';
import type { Page } from '../api/client.ts';
import { useLoader, type Loader } from './useLoader.ts';

export interface PagedLoader<T> extends Loader<T[]> {
  /** 1-based. */
  readonly page: Ref<number>;
  readonly pageSize: number;
  readonly total: ComputedRef<number>;
  /** What a table's remote pagination takes (naive-ui's `pagination` prop). */
  readonly pagination: ComputedRef<{ page: number; pageSize: number; itemCount: number; onUpdatePage: (page: number) => void }>;
  /** Back to the first page and read it (a new search, another ranking). */
  restart(): Promise<void>;
}

export function usePagedLoader<T>(load: (limit: number, offset: number) => Promise<Page<T[]>>, pageSize = 100): PagedLoader<T> {
  const page = ref(1);
  // Rows and total are one answer: an older, slower read must not leave its total behind.
  const read = useLoader<Page<T[]>>({ rows: [], total: 0 }, async () => {
    const answer = await load(pageSize, (page.value - 1) * pageSize);
    // The list shrank under the page (liquidations leave the risk list): read its last page.
    if (answer.rows.length === 0 && answer.total > 0 && page.value > 1) {
      page.value = Math.ceil(answer.total / pageSize);
      return load(pageSize, (page.value - 1) * pageSize);
    }
    return answer;
  });
  const data = computed(() => read.data.value.rows);
  const total = computed(() => read.data.value.total);
  const pagination = computed(() => ({
    page: page.value,
    pageSize,
    itemCount: total.value,
    onUpdatePage: (next: number) => {
      page.value = next;
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
      page.value = 1;
      return read.reload();
    },
  };
}
