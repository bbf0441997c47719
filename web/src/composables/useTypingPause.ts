import { onBeforeUnmount, watch, type WatchSource } from 'vue';

/** How long typing must pause before a search box asks the server. */
const PAUSE_MS = 250;

/**
 * Runs `action` once the text of `source` has stopped changing for a moment: a search box
 * asks the server when the typing pauses, not at every key.
 */
export function useTypingPause(source: WatchSource<string>, action: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(source, () => {
    clearTimeout(timer);
    timer = setTimeout(action, PAUSE_MS);
  });
  onBeforeUnmount(() => clearTimeout(timer));
}
