import type { CoreEvent } from './events.ts';
import { RESULT_MESSAGES, ResultCode } from './result-codes.ts';

/** The verdict on one command and what it changed. */
export interface ApplyResult {
  /** ResultCode.Success (1000) or the rejection's code. */
  readonly code: ResultCode;
  /** '' on success; otherwise says which field or rule failed. */
  readonly message: string;
  readonly events: CoreEvent[];
}

export function succeeded(events: CoreEvent[]): ApplyResult {
  return { code: ResultCode.Success, message: '', events };
}

export function rejected(code: ResultCode, detail: string, events: CoreEvent[] = []): ApplyResult {
  return { code, message: detail === '' ? RESULT_MESSAGES[code] : detail, events };
}
