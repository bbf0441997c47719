import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Caller } from '../../../app/auth/auth-service.ts';
import { ownAccount, queriedAccountIds, visibleAccountIds } from '../../../app/services/access.ts';
import { execute } from '../../../app/services/execute.ts';
import { resolveInstrumentId } from '../../../app/services/order-requests.ts';
import { type ConditionalRecord, ResultCode } from '../../../core/index.ts';
import { ApiError, conditionalView, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { PagingWithAccount, totalled } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { DIRECTIONS, OFFSETS, StringEnum } from '../schemas/enums.ts';
import { ConditionalSchema } from '../schemas/resources.ts';

const OFFSET_NAMES = { CLOSE_TODAY: 'CLOSETODAY', CLOSE_YESTERDAY: 'CLOSEYESTERDAY' } as const;

/** /api/order/conditional: stop-loss, take-profit and price-touch orders. */
export function conditionalRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;
  // Every conditional order's record; the core keeps only the pending ones.
  const records = () => ctx.exchange.history.conditionals;
  /**
   * A conditional order by id alone: a pending one anywhere (another user's is then refused
   * as such), a finished one among the caller's accounts only (every account for an
   * admin), so that a user's unknown ids never cost a walk of every account.
   */
  const find = (caller: Caller, id: string): ConditionalRecord | undefined => {
    const pending = state().conditionals.pending.get(id);
    if (pending !== undefined) return pending.toRecord();
    for (const accountId of visibleAccountIds(state(), caller) ?? state().accounts.keys()) {
      const record = records().get(accountId, id);
      if (record !== undefined) return record;
    }
    return undefined;
  };

  app.post(
    '/api/order/conditional',
    {
      schema: {
        tags: ['conditional'],
        summary: 'Create a conditional order: an order placed when the last price reaches trigger_price',
        body: Type.Object({
          account_id: Type.String({ minLength: 1, maxLength: 64 }),
          instrument_id: Type.String({ minLength: 1, maxLength: 64 }),
          exchange_id: Type.Optional(Type.String({ maxLength: 16 })),
          direction: StringEnum(DIRECTIONS),
          offset: StringEnum(OFFSETS),
          volume: Type.Number(),
          order_type: StringEnum(['LIMIT', 'MARKET'] as const),
          limit_price: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
          condition_type: StringEnum(['StopLoss', 'TakeProfit', 'PriceTouch'] as const),
          trigger_price: Type.Number({ exclusiveMinimum: 0 }),
          trigger_condition: StringEnum(['GreaterOrEqual', 'LessOrEqual'] as const),
          valid_until: Type.Optional(Type.Union([Type.Integer({ minimum: 0, description: 'expiry, epoch ms' }), Type.Null()])),
        }),
        response: replies(Type.Object({ conditional_order_id: Type.String(), status: Type.String(), created_at: Type.Integer() })),
      },
    },
    async (request) => {
      const body = request.body;
      const account = ownAccount(state(), request.caller, body.account_id);
      ctx.orderEntries.admit(request.caller, 'orders');
      if (body.order_type === 'LIMIT' && (body.limit_price === undefined || body.limit_price === null)) {
        throw new ApiError(ResultCode.ParameterError, 'limit_price is required when order_type is LIMIT');
      }
      const conditionalId = `C${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const { stamped } = await execute(ctx.exchange, {
        type: 'conditional.create',
        conditionalId,
        accountId: account.accountId,
        instrumentId: resolveInstrumentId(state(), body.instrument_id, body.exchange_id),
        direction: body.direction,
        offset: body.offset in OFFSET_NAMES ? OFFSET_NAMES[body.offset as keyof typeof OFFSET_NAMES] : (body.offset as 'OPEN'),
        volume: body.volume,
        orderType: body.order_type,
        limitPrice: body.limit_price ?? 0,
        conditionType: body.condition_type,
        triggerPrice: body.trigger_price,
        triggerCondition: body.trigger_condition,
        validUntil: body.valid_until ?? 0,
      });
      const record = records().get(account.accountId, conditionalId);
      return ok({ conditional_order_id: conditionalId, status: record?.status ?? 'Pending', created_at: stamped.ts });
    },
  );

  app.get(
    '/api/order/conditional/list',
    {
      schema: {
        tags: ['conditional'],
        summary: 'Conditional orders of an account (or of all the caller\'s accounts)',
        querystring: PagingWithAccount,
        response: pagedReplies(Type.Array(ConditionalSchema)),
      },
    },
    async (request, reply) => {
      const accounts = queriedAccountIds(state(), request.caller, request.query.account_id);
      const { offset = 0, limit = 100 } = request.query;
      return ok(totalled(reply, records().total(accounts), records().page(accounts, offset, limit).map(conditionalView)));
    },
  );

  app.get(
    '/api/order/conditional/statistics',
    {
      schema: {
        tags: ['conditional'],
        summary: 'Conditional orders counted by status (the caller\'s; all for an admin)',
        querystring: Type.Object({ account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
        response: replies(
          Type.Object({ total: Type.Integer(), pending: Type.Integer(), triggered: Type.Integer(), cancelled: Type.Integer(), expired: Type.Integer(), failed: Type.Integer() }),
        ),
      },
    },
    async (request) => {
      const accounts = queriedAccountIds(state(), request.caller, request.query.account_id);
      const counts = records().countByStatus(accounts);
      return ok({
        total: records().total(accounts),
        pending: counts.Pending,
        triggered: counts.Triggered,
        cancelled: counts.Cancelled,
        expired: counts.Expired,
        failed: counts.Failed,
      });
    },
  );

  app.delete(
    '/api/order/conditional/:conditional_order_id',
    {
      schema: {
        tags: ['conditional'],
        summary: 'Cancel a pending conditional order (3002 when it already finished)',
        params: Type.Object({ conditional_order_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(ConditionalSchema),
      },
    },
    async (request) => {
      const id = request.params.conditional_order_id;
      const order = find(request.caller, id);
      if (order === undefined) throw new ApiError(ResultCode.OrderNotFound, `conditional order not found: ${id}`);
      const account = ownAccount(state(), request.caller, order.accountId);
      const finished = (record: ConditionalRecord) => new ApiError(ResultCode.OrderFinished, `conditional order ${id} is already ${record.status}`);
      if (order.status !== 'Pending') throw finished(order);
      ctx.orderEntries.admit(request.caller, 'cancels');
      try {
        await execute(ctx.exchange, { type: 'conditional.cancel', conditionalId: id, accountId: account.accountId });
      } catch (error) {
        // It finished (fired, expired) between the look and the command.
        const now = records().get(account.accountId, id);
        if (error instanceof ApiError && now !== undefined && now.status !== 'Pending') throw finished(now);
        throw error;
      }
      return ok(conditionalView(records().get(account.accountId, id)!));
    },
  );
}
