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
  readonly total: Ref<number>;
  /** What a table's remote pagination takes (naive-ui's `pagination` prop). */
  readonly pagination: ComputedRef<{ page: number; pageSize: number; itemCount: number; onUpdatePage: (page: number) => void }>;
  /** Back to the first page and read it (a new search, another ranking). */
  restart(): Promise<void>;
}

export function usePagedLoader<T>(load: (limit: number, offset: number) => Promise<Page<T[]>>, pageSize = 100): PagedLoader<T> {
  const page = ref(1);
  const total = ref(0);
  const loader = useLoader<T[]>([], async () => {
    const read = await load(pageSize, (page.value - 1) * pageSize);
    total.value = read.total;
    return read.rows;
  });
  const pagination = computed(() => ({
    page: page.value,
    pageSize,
    itemCount: total.value,
    onUpdatePage: (next: number) => {
      page.value = next;
      void loader.reload();
    },
  }));
  return {
    ...loader,
    page,
    pageSize,
    total,
    pagination,
    restart: () => {
      page.value = 1;
      return loader.reload();
    },
  };
}
