import { Type } from '@sinclair/typebox';

/** Identifiers users choose (account and order ids) and the ones the exchange generates. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' });
export const UserIdParam = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const AccountIdParam = Type.Object({ account_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const InstrumentIdParam = Type.Object({ instrument_id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Amounts of money in currency units; more than two decimals is refused by the core. */
export const Amount = Type.Number({ description: 'currency units' });

/** List paging (DECISIONS.md): limit default 100, max 1000; offset from 0. */
export const Paging = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

export const PagingWithAccount = Type.Composite([Paging, Type.Object({ account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) })]);

export const MAX_BATCH_ITEMS = 100;

export function page<T>(items: readonly T[], query: { limit?: number; offset?: number }): T[] {
  const offset = query.offset ?? 0;
  return items.slice(offset, offset + (query.limit ?? 100));
}
