/** A button's operation: busy while it runs; a failure is shown with the envelope's message. */
import { ref } from 'vue';
import { showError } from '../feedback';

export function useAction<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  const busy = ref(false);
  async function perform(...args: A): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    try {
      await run(...args);
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      busy.value = false;
    }
  }
  return { busy, perform };
}
