/** A button's operation: busy while it runs; a failure is shown with the envelope's message. */
import { ref } from 'vue';
import { describeError } from '../api/client';
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

/**
 * A form's submission: busy while it runs; a failure is kept in `error` for the form to
 * show beside its fields (a dialog's refusal belongs in the dialog, not in a toast).
 */
export function useFormAction(run: () => Promise<void>) {
  const busy = ref(false);
  const error = ref<string | undefined>();
  async function perform(): Promise<void> {
    if (busy.value) return;
    busy.value = true;
    error.value = undefined;
    try {
      await run();
    } catch (e) {
      error.value = describeError(e);
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, perform };
}
