import { tradingDayKey } from '../../../app/services/statements.ts';
import { ResultCode } from '../../../core/index.ts';
import { ApiError } from '../../../protocol/index.ts';

/** A date field's schema: what the routes take, before `dateOf` checks the day exists. */
export const DATE_PATTERN = '^(\\d{4}-\\d{2}-\\d{2}|\\d{8})$';

/** A YYYY-MM-DD or YYYYMMDD field as YYYY-MM-DD; a day that does not exist is refused (1001), naming the field. */
export function dateOf(text: string, field: string): string {
  const day = tradingDayKey(text);
  if (day === undefined) throw new ApiError(ResultCode.ParameterError, `${field} ${text} is not a date`);
  return day;
}
