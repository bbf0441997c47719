/**
 * Basis's matching engine: the core's own order handlers without accounts (the core's
 * `placeBareOrder`, `cancelOrder`, `modifyOrder`: the same validation, matching, events,
 * cancel and modify as `apply`, with no funds frozen and no positions kept). Through
 * `apply`, an order.place from an account that does not exist is (rightly) refused, so the
 * bare handlers are what measures the book; a "full path" engine (apply + funded accounts +
 * pre-trade risk) is another factory over the same prepared StampedCommands.
 *
 * The stamped commands (seq, ts, ids as strings, prices in currency units) are built in
 * `prepare`, outside timing, so a timed step is one handler call including the events it
 * returns. A fresh engine = a fresh CoreState with the benchmark instrument registered
 * (seq 1) and a trading day begun (seq 2) through `apply`; the prepared inputs continue
 * from seq 3 (the bare handlers do not check seq; a full-path engine would).
 */
import {
  apply,
  cancelOrder,
  type CoreState,
  createCoreState,
  type InstrumentSpec,
  modifyOrder,
  type PlaceOrder,
  placeBareOrder,
  ResultCode,
  restingOrderCount,
  type StampedCommand,
} from '../../src/core/index.ts';
import type { EngineFactory, PreparedEngine } from './engine.ts';
import { REFERENCE_TICKS, type BenchOp } from './workload.ts';

export const INSTRUMENT_ID = 'SHFE.cu2601';
const PRICE_TICK = 1;
/** Commands a fresh engine has applied before the first prepared input. */
const SETUP_COMMANDS = 2;
/** 2026-01-05 09:00 Beijing; inputs advance 1 ms every 100 commands (100,000 per second). */
const BASE_TS = Date.UTC(2026, 0, 5, 1, 0, 0);

export const BENCH_INSTRUMENT: InstrumentSpec = {
  instrumentId: INSTRUMENT_ID,
  exchangeId: 'SHFE',
  productId: 'cu',
  instrumentName: 'copper 2601 (bench)',
  instrumentType: 'FUTURE',
  priceTick: PRICE_TICK,
  volumeMultiple: 10,
  marginRatio: 0.1,
  commissionRate: 0.0001,
  limitUpRate: 0.1,
  limitDownRate: 0.1,
  // Limits 9000..11000 ticks: exactly the workload's price band.
  preSettlement: REFERENCE_TICKS * PRICE_TICK,
  listDate: '',
  expireDate: '',
};

const ACCOUNT_NAMES: string[] = [];
function accountName(account: number): string {
  return (ACCOUNT_NAMES[account] ??= `a${account}`);
}

function stamp(position: number, command: StampedCommand['command']): StampedCommand {
  return { seq: position + SETUP_COMMANDS + 1, ts: BASE_TS + Math.floor(position / 100), command };
}

export function toBasisCommand(op: BenchOp, position: number): StampedCommand {
  const accountId = accountName(op.account);
  const orderId = String(op.id);
  switch (op.kind) {
    case 'limit': {
      const place: PlaceOrder = {
        type: 'order.place',
        accountId,
        orderId,
        instrumentId: INSTRUMENT_ID,
        direction: op.side,
        offset: 'OPEN',
        priceType: 'LIMIT',
        price: op.priceTicks * PRICE_TICK,
        volume: op.volume,
        timeCondition: op.tif === 'GFD' ? 'GFD' : 'IOC',
        volumeCondition: op.tif === 'FOK' ? 'ALL' : 'ANY',
      };
      return stamp(position, place);
    }
    case 'market':
      return stamp(position, {
        type: 'order.place',
        accountId,
        orderId,
        instrumentId: INSTRUMENT_ID,
        direction: op.side,
        offset: 'OPEN',
        priceType: 'MARKET',
        price: 0,
        volume: op.volume,
        timeCondition: 'IOC',
        volumeCondition: 'ANY',
      });
    case 'cancel':
      return stamp(position, { type: 'order.cancel', accountId, orderId });
    case 'modify':
      return stamp(position, {
        type: 'order.modify',
        accountId,
        orderId,
        price: op.priceTicks * PRICE_TICK,
        volume: op.volume,
      });
  }
}

class BasisEngine implements PreparedEngine<StampedCommand> {
  readonly name = 'basis';
  refusals = 0;
  private readonly state: CoreState;
  private position = 0;

  constructor(selfTradePrevention: boolean) {
    this.state = createCoreState({ selfTradePrevention });
    const setup: StampedCommand[] = [
      { seq: 1, ts: BASE_TS, command: { type: 'instrument.add', spec: BENCH_INSTRUMENT } },
      { seq: 2, ts: BASE_TS, command: { type: 'trading-day.begin', tradingDay: '2026-01-05' } },
    ];
    for (const command of setup) {
      const result = apply(this.state, command);
      if (result.code !== ResultCode.Success) {
        throw new Error(`bench setup: ${command.command.type} refused: ${result.code} ${result.message}`);
      }
    }
  }

  step(input: StampedCommand): void {
    this.position++;
    const command = input.command;
    let code: number;
    switch (command.type) {
      case 'order.place':
        code = placeBareOrder(this.state, command, input.ts).code;
        break;
      case 'order.cancel':
        code = cancelOrder(this.state, command).code;
        break;
      case 'order.modify':
        code = modifyOrder(this.state, command, input.ts).code;
        break;
      default:
        code = apply(this.state, input).code;
    }
    // The command boundary `apply` marks itself: finished orders become reusable.
    this.state.orderPool.recycle();
    if (code !== ResultCode.Success) this.refusals++;
  }

  apply(op: BenchOp): void {
    this.step(toBasisCommand(op, this.position));
  }

  restingCount(): number {
    return restingOrderCount(this.state, INSTRUMENT_ID);
  }
}

export const basisFactory: EngineFactory<StampedCommand> = {
  name: 'basis',
  create: () => new BasisEngine(true),
  prepare: (ops, position) => ops.map((op, i) => toBasisCommand(op, position + i)),
};
