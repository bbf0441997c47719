/**
 * A view's remote data: loading flag, the last error (shown in place), and reload. Errors
 * never pass silently: the view shows them with the envelope's message.
 */
import { ref, type Ref } from 'vue';
import { describeError } from '../api/client.ts';

export interface Loader<T> {
  readonly data: Readonly<Ref<T>>;
  readonly loading: Ref<boolean>;
  readonly error: Ref<string | undefined>;
  reload(): Promise<void>;
}

/** The loader's own data may be set by its view too (cleared when what it shows changes). */
export function useLoader<T>(initial: T, load: () => Promise<T>): Loader<T> & { readonly data: Ref<T> } {
  const data = ref(initial) as Ref<T>;
  const loading = ref(false);
  const error = ref<string | undefined>();
  let generation = 0;
  async function reload(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    try {
      const value = await load();
      // A slower, older answer must not overwrite a newer one.
      if (mine !== generation) return;
      data.value = value;
      error.value = undefined;
    } catch (e) {
      if (mine === generation) error.value = describeError(e);
    } finally {
      if (mine === generation) loading.value = false;
    }
  }
  return { data, loading, error, reload };
}
