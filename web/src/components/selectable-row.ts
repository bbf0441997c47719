import type { HTMLAttributes } from 'vue';

/**
 * Table rows that choose something: clickable, and reachable with Tab, chosen with Enter or
 * Space. `extra` adds attributes such as a test id.
 */
export function selectable(choose: () => void, extra: Record<string, string> = {}): HTMLAttributes {
  return {
    ...extra,
    style: 'cursor: pointer',
    tabindex: 0,
    onClick: choose,
    onKeydown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      choose();
    },
  } as HTMLAttributes;
}
