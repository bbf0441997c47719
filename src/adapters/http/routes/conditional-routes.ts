import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ownAccount, visibleAccountIds } from '../../../app/services/access.ts';
import { execute } from '../../../app/services/execute.ts';
import { resolveInstrumentId } from '../../../app/services/order-requests.ts';
import { conditionalOrders, ResultCode } from '../../../core/index.ts';
import { ApiError, conditionalView, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { page, PagingWithAccount } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { DIRECTIONS, OFFSETS, StringEnum } from '../schemas/enums.ts';
import { ConditionalSchema } from '../schemas/resources.ts';

const OFFSET_NAMES = { CLOSE_TODAY: 'CLOSETODAY', CLOSE_YESTERDAY: 'CLOSEYESTERDAY' } as const;

/** /api/order/conditional: stop-loss, take-profit and price-touch orders. */
export function conditionalRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;

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
      const record = state().conditionals.all.get(conditionalId)?.toRecord();
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
      const { account_id } = request.query;
      const accounts = account_id !== undefined ? new Set([ownAccount(state(), request.caller, account_id).accountId]) : visibleAccountIds(state(), request.caller);
      return ok(page(reply, conditionalOrders(state(), accounts), request.query).map((order) => conditionalView(order.toRecord())));
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
      const { account_id } = request.query;
      const accounts = account_id !== undefined ? new Set([ownAccount(state(), request.caller, account_id).accountId]) : visibleAccountIds(state(), request.caller);
      const orders = conditionalOrders(state(), accounts);
      const counts = state().conditionals.countByStatus(orders);
      return ok({
        total: orders.length,
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
      const order = state().conditionals.all.get(id);
      if (order === undefined) throw new ApiError(ResultCode.OrderNotFound, `conditional order not found: ${id}`);
      const account = ownAccount(state(), request.caller, order.request.accountId);
      ctx.orderEntries.admit(request.caller, 'cancels');
      await execute(ctx.exchange, { type: 'conditional.cancel', conditionalId: id, accountId: account.accountId });
      return ok(conditionalView(order.toRecord()));
    },
  );
}
