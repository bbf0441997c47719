import { Type } from '@sinclair/typebox';
import { adminInstrumentView, allInstrumentStates } from '../../../app/services/instrument-views.ts';
import { execute } from '../../../app/services/execute.ts';
import { resolveInstrumentId } from '../../../app/services/order-requests.ts';
import { instrumentState, ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { page, Paging } from '../schemas/common.ts';
import { DATE_PATTERN, dateOf } from '../schemas/date-field.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { InstrumentAdminSchema } from '../schemas/resources.ts';
import { DERIVED_VIEW_FIELDS, FIXED_VIEW_FIELDS, instrumentSpecFromForm, refuseFixedChanges, startsSuspended } from './instrument-form.ts';

/**
 * The instrument forms refuse fields they do not know (elsewhere unknown fields are
 * ignored): a misspelt rate would otherwise leave a contract at its default and answer
 * success. The admin view's other fields are known: a record posted back is taken.
 */
const STRICT_FORM = { additionalProperties: false } as const;
const viewFields = (names: readonly string[], description: string) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown({ description }))]));
const DERIVED = viewFields(DERIVED_VIEW_FIELDS, 'shown by GET /api/admin/instruments; ignored');
const FIXED = viewFields(FIXED_VIEW_FIELDS, 'set at create; accepted only as it is now');

const admin = { access: 'admin' as const };
const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const Rate = Type.Optional(Type.Number());
const StorageFigures = Type.Object({ wal_size_mb: Type.Number(), memtable_size_mb: Type.Number(), sstable_count: Type.Integer(), sstable_total_size_mb: Type.Number() });

/** /api/admin: instrument lifecycle and storage compaction. */
export function adminRoutes(app: Api, ctx: HttpContext): void {
  const tz = ctx.exchange.config.exchange.timezone;
  /** Instruments whose create is sequenced and not yet durable. */
  const creating = new Set<string>();
  const view = (id: string) => {
    const live = instrumentState(ctx.exchange.state, id);
    if (live === undefined) throw new ApiError(ResultCode.InstrumentNotFound, `instrument not found: ${id}`);
    return adminInstrumentView(live, ctx.exchange.marketData, tz);
  };

  app.get(
    '/api/admin/instruments',
    { config: admin, schema: { tags: ['admin'], summary: 'Every instrument, delisted ones included', querystring: Paging, response: pagedReplies(Type.Array(InstrumentAdminSchema)) } },
    async (request, reply) => ok(page(reply, allInstrumentStates(ctx.exchange.state, true), request.query).map((i) => adminInstrumentView(i, ctx.exchange.marketData, tz))),
  );

  app.post(
    '/api/admin/instrument/create',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Register an instrument (admin form or configuration form); trading at once, or suspended with status SUSPENDED',
        body: Type.Object({
          instrument_id: Type.String({ minLength: 1, maxLength: 64 }),
          exchange_id: Type.Optional(Type.String()),
          exchange: Type.Optional(Type.String({ description: 'admin form: exchange id' })),
          product_id: Type.Optional(Type.String()),
          instrument_name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          instrument_type: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
          price_tick: Type.Number(),
          volume_multiple: Type.Optional(Type.Number()),
          contract_multiplier: Type.Optional(Type.Number({ description: 'admin form: volume_multiple' })),
          margin_ratio: Rate,
          margin_rate: { ...Rate, description: 'admin form: margin_ratio' },
          commission: Rate,
          commission_rate: { ...Rate, description: 'admin form: commission' },
          limit_up_rate: Rate,
          limit_down_rate: Rate,
          pre_settlement: Type.Optional(Type.Number({ description: 'reference price; price limits derive from it' })),
          list_date: Type.Optional(Type.String()),
          expire_date: Type.Optional(Type.String()),
          ...DERIVED,
          status: Type.Optional(Type.String({ description: 'configuration form: TRADING (the default) or SUSPENDED, how the instrument starts; the view\'s active / suspended too' })),
          trading_status: Type.Optional(Type.String({ description: 'as status (the admin view\'s field)' })),
        }, STRICT_FORM),
        response: replies(Type.Null()),
      },
    },
    async (request) => {
      const spec = instrumentSpecFromForm(request.body, ctx.exchange.config);
      const suspended = startsSuspended(request.body);
      // The state shows only durable creates: one still in flight is refused here too, or
      // a second create's suspension would land on the first one's instrument.
      if (ctx.exchange.state.instruments.has(spec.instrumentId) || creating.has(spec.instrumentId)) {
        throw new ApiError(ResultCode.ParameterError, `instrument ${spec.instrumentId} already exists`);
      }
      creating.add(spec.instrumentId);
      try {
        // Both commands are sequenced now, one right behind the other: no order can reach
        // an instrument created suspended before its suspension.
        const added = execute(ctx.exchange, { type: 'instrument.add', spec });
        const suspending = suspended ? execute(ctx.exchange, { type: 'instrument.suspend', instrumentId: spec.instrumentId }) : undefined;
        const [addition, suspension] = await Promise.allSettled([added, suspending]);
        if (addition.status === 'rejected') throw addition.reason;
        if (suspension.status === 'rejected') throw suspension.reason;
      } finally {
        creating.delete(spec.instrumentId);
      }
      return ok(null);
    },
  );

  app.put(
    '/api/admin/instrument/:id/update',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Change margin, commission or limit rates (omitted fields stay), at once: positions are margined at the new rate from this command, and an account it pushes to force-close is liquidated as after a price move; with at_settlement_of, at the settlement of that trading day instead (replacing a change scheduled before)',
        params: IdParam,
        body: Type.Object({
          margin_rate: Rate,
          margin_ratio: { ...Rate, description: 'alias of margin_rate' },
          commission_rate: Rate,
          commission: { ...Rate, description: 'alias of commission_rate' },
          limit_up_rate: Rate,
          limit_down_rate: Rate,
          at_settlement_of: Type.Optional(
            Type.String({
              pattern: DATE_PATTERN,
              description:
                'YYYY-MM-DD or YYYYMMDD, the current trading day or a later one: the rates apply at its settlement (its positions are margined at them, the next day\'s limits derive from them), as exchanges raise margins before a holiday',
            }),
          ),
          ...FIXED,
          ...DERIVED,
        }, STRICT_FORM),
        response: replies(InstrumentAdminSchema),
      },
    },
    async (request) => {
      const id = resolveInstrumentId(ctx.exchange.state, request.params.id);
      const b = request.body;
      refuseFixedChanges(b, view(id));
      const marginRatio = b.margin_rate ?? b.margin_ratio;
      const commissionRate = b.commission_rate ?? b.commission;
      if ([marginRatio, commissionRate, b.limit_up_rate, b.limit_down_rate].every((v) => v === undefined)) {
        throw new ApiError(ResultCode.ParameterError, 'body names no field to change (margin_rate, commission_rate, limit_up_rate, limit_down_rate)');
      }
      await execute(ctx.exchange, {
        type: 'instrument.update',
        instrumentId: id,
        ...(marginRatio !== undefined && { marginRatio }),
        ...(commissionRate !== undefined && { commissionRate }),
        ...(b.limit_up_rate !== undefined && { limitUpRate: b.limit_up_rate }),
        ...(b.limit_down_rate !== undefined && { limitDownRate: b.limit_down_rate }),
        ...(b.at_settlement_of !== undefined && { atSettlementOf: dateOf(b.at_settlement_of, 'body.at_settlement_of') }),
      });
      return ok(view(id));
    },
  );

  app.delete(
    '/api/admin/instrument/:id/scheduled-rates',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Withdraw the rate change scheduled for a coming settlement (1004 when there is none); the rates stay as they are',
        params: IdParam,
        response: replies(InstrumentAdminSchema),
      },
    },
    async (request) => {
      const id = resolveInstrumentId(ctx.exchange.state, request.params.id);
      await execute(ctx.exchange, { type: 'instrument.cancel-scheduled-rates', instrumentId: id });
      return ok(view(id));
    },
  );

  const lifecycle = [
    ['put', 'suspend', 'Suspend trading: new orders are refused with 3004'],
    ['put', 'resume', 'Resume trading'],
    ['delete', 'delist', 'Delist: resting orders are cancelled, positions close at the next settlement'],
  ] as const;
  for (const [method, action, summary] of lifecycle) {
    app[method](
      `/api/admin/instrument/:id/${action}`,
      { config: admin, schema: { tags: ['admin'], summary, params: IdParam, response: replies(InstrumentAdminSchema) } },
      async (request) => {
        const id = resolveInstrumentId(ctx.exchange.state, request.params.id);
        await execute(ctx.exchange, { type: `instrument.${action}`, instrumentId: id });
        return ok(view(id));
      },
    );
  }

  app.post(
    '/api/admin/compaction/trigger',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Run a full compaction of the storage engine now',
        response: replies(Type.Object({ before: StorageFigures, after: StorageFigures, duration_ms: Type.Number() })),
      },
    },
    async () => {
      const before = ctx.exchange.storage.figures();
      const started = performance.now();
      try {
        await ctx.exchange.compactStorage();
      } catch (error) {
        throw new ApiError(ResultCode.InternalError, `${(error as Error).message}; the exchange takes no more commands (see the log)`);
      }
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      return ok({ before, after: ctx.exchange.storage.figures(), duration_ms: durationMs });
    },
  );
}
