import { watch } from 'vue';
import { tradingDayOf } from '../diff/views';
import { session } from '../session';

/**
 * Runs `changed` when the trading day moves on while the page is open (a settlement, seen
 * over DIFF as the header sees it): what the page shows of the day before is out of date.
 */
export function useTradingDayChange(changed: () => void): void {
  watch(
    () => (session.current === undefined ? undefined : tradingDayOf(session.current.userId)),
    (day, before) => {
      if (day !== undefined && before !== undefined && day !== before) changed();
    },
  );
}
