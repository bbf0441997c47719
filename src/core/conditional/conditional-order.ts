import type { ConditionType, CreateConditionalOrder, TriggerCondition } from '../commands.ts';
import type { ConditionalRecord, ConditionalStatus } from '../events.ts';

/** A conditional order: its request, its trigger in ticks and where it stands. */
export class ConditionalOrder {
  status: ConditionalStatus = 'Pending';
  updatedTs: number;
  orderId = '';
  reason = '';
  /** Its place in creation order (ConditionalBook.add). */
  serial = 0;
  /** Whether it waits on its instrument's trigger ladder (TriggerLadder). */
  onLadder = false;

  constructor(
    readonly request: CreateConditionalOrder,
    readonly userId: string,
    readonly triggerTicks: number,
    readonly createdTs: number,
  ) {
    this.updatedTs = createdTs;
  }

  get id(): string {
    return this.request.conditionalId;
  }

  get conditionType(): ConditionType {
    return this.request.conditionType;
  }

  get triggerCondition(): TriggerCondition {
    return this.request.triggerCondition;
  }

  finish(status: ConditionalStatus, ts: number, reason: string): void {
    this.status = status;
    this.updatedTs = ts;
    this.reason = reason;
  }

  toRecord(): ConditionalRecord {
    const r = this.request;
    return {
      conditionalId: r.conditionalId,
      accountId: r.accountId,
      userId: this.userId,
      instrumentId: r.instrumentId,
      direction: r.direction,
      offset: r.offset,
      volume: r.volume,
      orderType: r.orderType,
      limitPrice: r.orderType === 'LIMIT' ? r.limitPrice : 0,
      conditionType: r.conditionType,
      triggerPrice: r.triggerPrice,
      triggerCondition: r.triggerCondition,
      validUntil: r.validUntil,
      status: this.status,
      createdTs: this.createdTs,
      updatedTs: this.updatedTs,
      orderId: this.orderId,
      reason: this.reason,
    };
  }
}
