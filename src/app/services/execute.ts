import { type Command, ResultCode } from '../../core/index.ts';
import { ApiError } from '../../protocol/index.ts';
import type { Exchange } from '../exchange.ts';
import type { Sequenced } from '../sequencer.ts';

/** Submits a command and waits until it is durable; a rejection becomes an ApiError with the core's code. */
export async function execute(exchange: Exchange, command: Command): Promise<Sequenced> {
  const applied = await exchange.submit(command);
  if (applied.result.code !== ResultCode.Success) throw new ApiError(applied.result.code, applied.result.message);
  return applied;
}
