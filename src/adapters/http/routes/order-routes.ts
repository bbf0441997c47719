import { Type } from '@sinclair/typebox';
import type { Caller } from '../../../app/auth/auth-service.ts';
import { ownAccount, ownUser, queriedAccountIds, tradingAccount } from '../../../app/services/access.ts';
import { execute } from '../../../app/services/execute.ts';
import { finishedOrderMessage } from '../../../app/services/finished-orders.ts';
import { type OrderRequest, toPlaceOrder } from '../../../app/services/order-requests.ts';
import { orderOf, orderPageOf, orderRecordsIn } from '../../../app/services/views.ts';
import type { OrderEvent } from '../../../app/history/history-projection.ts';
import type { Sequenced } from '../../../app/sequencer.ts';
import { type Command, type CoreEvent, type CoreState, ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { HistoryPagingWithAccount, MAX_BATCH_ITEMS, totalled, UserIdParam } from '../schemas/common.ts';
import { ItemError, pagedReplies, replies } from '../schemas/envelope.ts';
import { OptionalId, OrderFields, SubmitBody } from '../schemas/order-request.ts';
import { OrderSchema } from '../schemas/resources.ts';

const BatchResult = Type.Object({
  success: Type.Boolean(),
  order_id: Type.String(),
  instrument_id: Type.String(),
  error: ItemError,
});
const BatchReply = Type.Object({
  total: Type.Integer(),
  success_count: Type.Integer(),
  failed_count: Type.Integer(),
  results: Type.Array(BatchResult),
});
type BatchResultRow = { success: boolean; order_id: string; instrument_id: string; error: { code: number; message: string } | null };

/**
 * The account holding a live order of that id among the caller's accounts (for requests
 * without account_id). Order ids are the client's, per account: when two of the user's
 * accounts hold a live order of the id, the request is refused rather than one of them
 * picked.
 */
function accountForOrder(state: CoreState, caller: Caller, userId: string | undefined, accountId: string | undefined, orderId: string): string {
  if (accountId !== undefined && accountId !== '') return tradingAccount(state, caller, { user_id: userId, account_id: accountId }).accountId;
  const user = ownUser(state, caller, userId ?? caller.userId);
  const holders = user.accountIds.filter((id) => state.liveOrders.get(id, orderId) !== undefined);
  refuseAmbiguous(orderId, holders, 'live');
  return holders[0] ?? tradingAccount(state, caller, { user_id: user.userId }).accountId;
}

/** Refuses (1001) an order id that names orders of more than one of the caller's accounts. */
function refuseAmbiguous(orderId: string, holders: readonly string[], which: 'live' | 'known'): void {
  if (holders.length < 2) return;
  const shown = holders.length > 5 ? `${holders.slice(0, 5).join(', ')} and ${holders.length - 5} more` : holders.join(', ');
  const what = which === 'live' ? 'a live order' : 'an order';
  throw new ApiError(ResultCode.ParameterError, `accounts ${shown} each hold ${what} ${orderId}: give account_id`);
}

/** One item of a batch: the command to run, or why it could not be built. */
type BatchItem = { readonly command: Command; readonly orderId: string; readonly instrumentId: string } | { readonly refused: ApiError; readonly orderId: string; readonly instrumentId: string };

/** Runs the batch's commands as one group (one journal batch, one wait) and reports each outcome. */
async function runBatch(ctx: HttpContext, items: readonly BatchItem[]) {
  const commands: Command[] = [];
  for (const item of items) if ('command' in item) commands.push(item.command);
  const applied = await ctx.exchange.submitAll(commands);
  const results: BatchResultRow[] = [];
  let next = 0;
  let successCount = 0;
  for (const item of items) {
    if ('refused' in item) {
      results.push({ success: false, order_id: item.orderId, instrument_id: item.instrumentId, error: { code: item.refused.code, message: item.refused.message } });
      continue;
    }
    const { result } = applied[next++]!;
    const success = result.code === ResultCode.Success;
    if (success) successCount++;
    results.push({ success, order_id: item.orderId, instrument_id: item.instrumentId, error: success ? null : { code: result.code, message: result.message } });
  }
  return { total: results.length, success_count: successCount, failed_count: results.length - successCount, results };
}

/** The event of `events` that placed, refused, replaced or cancelled the account's order `orderId`. */
function orderEventOf(events: readonly CoreEvent[], accountId: string, orderId: string): OrderEvent | undefined {
  for (const event of events) {
    switch (event.type) {
      case 'order.accepted':
      case 'order.rejected':
      case 'order.replaced':
        if (event.order.accountId === accountId && event.order.orderId === orderId) return event;
        break;
      case 'order.cancelled':
        if (event.accountId === accountId && event.orderId === orderId) return event;
        break;
      default:
        break;
    }
  }
  return undefined;
}

/** A batch item from a builder that may refuse (ApiError) before the exchange sees it. */
function batchItem(orderId: string, instrumentId: string, build: () => Command & { orderId: string }): BatchItem {
  try {
    const command = build();
    // The full key the exchange uses (SHFE.cu2701), as batch cancel reports it.
    return { command, orderId: command.orderId, instrumentId: 'instrumentId' in command ? command.instrumentId : instrumentId };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refused: error, orderId, instrumentId };
  }
}

/** /api/order: submit, cancel, modify, batches and queries. Conditional orders: conditional-routes.ts. */
export function orderRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;
  const history = () => ctx.exchange.history;
  /**
   * The order's record, as the reply to a command: the one the command placed or acted on
   * (found by the command's own event), as it is when the reply is built: later commands
   * of the same journal batch may have modified it since, or used its id again once it
   * finished.
   */
  const orderReply = (accountId: string, orderId: string, applied?: Sequenced) => {
    const event = applied === undefined ? undefined : orderEventOf(applied.result.events, accountId, orderId);
    const record = (event === undefined ? undefined : history().orderOfEvent(accountId, event)) ?? history().order(accountId, orderId);
    if (record === undefined) throw new ApiError(ResultCode.OrderNotFound, `order not found: ${orderId}`);
    return ok(orderOf(state(), record));
  };

  /**
   * Runs a cancel or a modify. The spec answers one of a finished order "order not found"
   * (3001), as the core, which keeps live orders only, does; the message then says it
   * finished and how, so a caller can tell it from an id never used.
   */
  const onLiveOrder = async (accountId: string, orderId: string, command: Command) => {
    try {
      return await execute(ctx.exchange, command);
    } catch (error) {
      const finished = error instanceof ApiError && error.code === ResultCode.OrderNotFound ? finishedOrderMessage(history(), accountId, orderId) : undefined;
      if (finished === undefined) throw error;
      throw new ApiError(ResultCode.OrderNotFound, finished);
    }
  };

  app.post(
    '/api/order/submit',
    { schema: { tags: ['order'], summary: 'Submit an order; the reply is the order record after matching', body: SubmitBody, response: replies(OrderSchema) } },
    async (request) => {
      const account = tradingAccount(state(), request.caller, request.body);
      ctx.orderEntries.admit(request.caller, 'orders');
      const command = toPlaceOrder(state(), account.accountId, request.body as OrderRequest);
      const applied = await ctx.exchange.submit(command);
      const { code, message, events } = applied.result;
      if (code !== ResultCode.Success) {
        // A refusal the exchange recorded (a REJECTED order) names it: an id the exchange
        // generated is otherwise nowhere in the reply, and the record is in the lists.
        const recorded = events.some((e) => e.type === 'order.rejected' && e.order.orderId === command.orderId);
        throw new ApiError(code, recorded ? `order ${command.orderId} refused: ${message}` : message);
      }
      return orderReply(account.accountId, command.orderId, applied);
    },
  );

  app.post(
    '/api/order/cancel',
    {
      schema: {
        tags: ['order'],
        summary: 'Cancel a live order (3001 order not found when unknown or finished)',
        body: Type.Object({ user_id: OptionalId, account_id: OptionalId, order_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(OrderSchema),
      },
    },
    async (request) => {
      const { user_id, account_id, order_id } = request.body;
      const accountId = accountForOrder(state(), request.caller, user_id, account_id, order_id);
      ctx.orderEntries.admit(request.caller, 'cancels');
      return orderReply(accountId, order_id, await onLiveOrder(accountId, order_id, { type: 'order.cancel', accountId, orderId: order_id }));
    },
  );

  app.put(
    '/api/order/modify/:order_id',
    {
      schema: {
        tags: ['order'],
        summary: 'Replace a live order\'s price and volume atomically (loses time priority)',
        params: Type.Object({ order_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Type.Object({
          user_id: OptionalId,
          account_id: OptionalId,
          new_price: Type.Optional(Type.Number({ description: 'the new limit price; absent: the price stays (give new_price, new_volume or both)' })),
          new_volume: Type.Optional(
            Type.Number({
              description:
                'the lots still to fill after the modify, not a new total: an order of 5 with 2 filled and new_volume 4 is then an order of 6, 2 filled and 4 left (volume_orign 6, volume_left 4); absent: what is still to fill when the modify is applied',
            }),
          ),
        }),
        response: replies(OrderSchema),
      },
    },
    async (request) => {
      const { user_id, account_id, new_price, new_volume } = request.body;
      const orderId = request.params.order_id;
      const accountId = accountForOrder(state(), request.caller, user_id, account_id, orderId);
      if (new_price === undefined && new_volume === undefined) throw new ApiError(ResultCode.ParameterError, 'nothing to modify: give new_price, new_volume or both');
      if (new_volume !== undefined && (!Number.isInteger(new_volume) || new_volume <= 0)) {
        throw new ApiError(ResultCode.InvalidVolume, `new_volume must be a whole number >= 1; got ${new_volume}`);
      }
      ctx.orderEntries.admit(request.caller, 'orders');
      const command: Command = { type: 'order.modify', accountId, orderId, ...(new_price !== undefined && { price: new_price }), ...(new_volume !== undefined && { volume: new_volume }) };
      const applied = await onLiveOrder(accountId, orderId, command);
      return orderReply(accountId, orderId, applied);
    },
  );

  app.get(
    '/api/order/:order_id',
    {
      schema: {
        tags: ['order'],
        summary: 'An order of the caller (account_id narrows the search)',
        params: Type.Object({ order_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ account_id: OptionalId }),
        response: replies(OrderSchema),
      },
    },
    async (request) => {
      const orderId = request.params.order_id;
      const accountIds = queriedAccountIds(state(), request.caller, request.query.account_id);
      const holders = accountIds.filter((id) => history().order(id, orderId) !== undefined);
      if (holders.length === 0) throw new ApiError(ResultCode.OrderNotFound, `order not found: ${orderId}`);
      refuseAmbiguous(orderId, holders, 'known');
      return orderReply(holders[0]!, orderId);
    },
  );

  app.get(
    '/api/order/user/:user_id',
    {
      config: { historyRead: true },
      schema: {
        tags: ['order'],
        summary: "A user's orders, oldest first or newest first (sort); account_id narrows",
        params: UserIdParam,
        querystring: HistoryPagingWithAccount,
        response: pagedReplies(Type.Array(OrderSchema)),
      },
    },
    async (request, reply) => {
      const user = ownUser(state(), request.caller, request.params.user_id);
      const accountIds = request.query.account_id !== undefined ? [ownAccount(state(), request.caller, request.query.account_id).accountId] : user.accountIds;
      return ok(totalled(reply, orderRecordsIn(history(), accountIds), orderPageOf(state(), history(), accountIds, request.query)));
    },
  );

  app.post(
    '/api/order/batch',
    {
      schema: {
        tags: ['order'],
        summary: `Submit up to ${MAX_BATCH_ITEMS} orders in one request (one journal batch)`,
        body: Type.Object({
          user_id: OptionalId,
          account_id: OptionalId,
          orders: Type.Array(Type.Object(OrderFields), { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
        }),
        response: replies(BatchReply),
      },
    },
    async (request) => {
      const account = tradingAccount(state(), request.caller, request.body);
      ctx.orderEntries.admit(request.caller, 'orders', request.body.orders.length);
      const items = request.body.orders.map((order) =>
        batchItem(order.order_id ?? '', order.instrument_id, () => toPlaceOrder(state(), account.accountId, order as OrderRequest)),
      );
      return ok(await runBatch(ctx, items));
    },
  );

  app.post(
    '/api/order/batch-cancel',
    {
      schema: {
        tags: ['order'],
        summary: `Cancel up to ${MAX_BATCH_ITEMS} orders in one request`,
        body: Type.Object({
          user_id: OptionalId,
          account_id: Type.String({ minLength: 1, maxLength: 64 }),
          order_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
        }),
        response: replies(BatchReply),
      },
    },
    async (request) => {
      const account = tradingAccount(state(), request.caller, request.body);
      ctx.orderEntries.admit(request.caller, 'cancels', request.body.order_ids.length);
      const items = request.body.order_ids.map(
        (orderId): BatchItem => ({
          command: { type: 'order.cancel', accountId: account.accountId, orderId },
          orderId,
          instrumentId: state().liveOrders.get(account.accountId, orderId)?.instrumentId ?? history().order(account.accountId, orderId)?.instrumentId ?? '',
        }),
      );
      const reply = await runBatch(ctx, items);
      // As a single cancel: an order that finished says so, and how.
      for (const row of reply.results) {
        if (row.error?.code !== ResultCode.OrderNotFound) continue;
        const finished = finishedOrderMessage(history(), account.accountId, row.order_id);
        if (finished !== undefined) row.error.message = finished;
      }
      return ok(reply);
    },
  );
}
