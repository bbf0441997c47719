import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { AddInstrument } from '../commands.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { fromCents, lotValueProblem, MAX_LOT_VALUE_CENTS, tickValueCents } from '../money.ts';
import { expiredBefore } from './contract-dates.ts';
import { Instrument } from './instrument.ts';
import { PriceGrid } from './price-grid.ts';
import type { InstrumentSpec } from './instrument-spec.ts';

/** instrument.add: registers a contract; its book opens empty and trading. */
export function addInstrument(state: CoreState, command: AddInstrument): ApplyResult {
  const spec = command.spec;
  if (state.instruments.has(spec.instrumentId)) {
    return rejected(ResultCode.ParameterError, `instrument ${spec.instrumentId} already exists`);
  }
  const problem = specProblem(spec) || expiredBefore(spec, state.tradingDay);
  if (problem !== '') return rejected(ResultCode.ParameterError, problem);
  const instrument = new Instrument(spec);
  state.instruments.set(spec.instrumentId, instrument);
  return succeeded([
    {
      type: 'instrument.added',
      spec,
      upperLimit: instrument.upperLimit,
      lowerLimit: instrument.lowerLimit,
    },
  ]);
}

/** The invariants the engine itself relies on; adapters validate the rest of the form. */
function specProblem(spec: InstrumentSpec): string {
  if (!(spec.priceTick > 0) || !Number.isFinite(spec.priceTick)) return 'price_tick must be a positive number';
  if (!Number.isInteger(spec.volumeMultiple) || spec.volumeMultiple < 1) {
    return 'volume_multiple must be a positive whole number';
  }
  const oneTick = tickValueCents(spec.priceTick, spec.volumeMultiple);
  if (Number.isNaN(oneTick)) return 'price_tick x volume_multiple (the value of one tick) must be a whole number of cents';
  // A lot at the lowest price, one tick, beyond the most a lot may be worth: nothing could trade.
  if (oneTick > MAX_LOT_VALUE_CENTS) {
    return `price_tick x volume_multiple (the contract multiplier) is ${fromCents(oneTick)}: one lot at the lowest price, one tick, would be worth more than ${fromCents(MAX_LOT_VALUE_CENTS)}, the most the exchange takes, so no order could trade`;
  }
  if (!(spec.marginRatio > 0 && spec.marginRatio <= 1)) return 'margin_ratio must be in (0, 1]';
  if (!(spec.commissionRate >= 0 && spec.commissionRate < 1)) return 'commission must be in [0, 1)';
  if (!(spec.limitUpRate > 0 && spec.limitUpRate < 1) || !(spec.limitDownRate > 0 && spec.limitDownRate < 1)) {
    return 'limit rates must be in (0, 1)';
  }
  if (!(spec.preSettlement >= 0) || !Number.isFinite(spec.preSettlement)) {
    return 'pre_settlement must be a number >= 0';
  }
  const preSettlementTicks = spec.preSettlement > 0 ? new PriceGrid(spec.priceTick).toTicks(spec.preSettlement) : 0;
  if (Number.isNaN(preSettlementTicks)) return 'pre_settlement must be on the price tick grid';
  const tooHigh = lotValueProblem('pre_settlement', spec.preSettlement, preSettlementTicks, oneTick);
  if (tooHigh !== '') return tooHigh;
  return '';
}
