import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../core/index.ts';
import { StringEnum } from './enums.ts';

/** Identifiers users choose (account and order ids) and the ones the exchange generates. */
export const ID_PATTERN = '^[A-Za-z0-9_.:@-]+$';
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: ID_PATTERN });
export const UserIdParam = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const AccountIdParam = Type.Object({ account_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const InstrumentIdParam = Type.Object({ instrument_id: Type.String({ minLength: 1, maxLength: 64 }) });

/** A password a user is given (registration, enrolment, a change or a reset): 6 to 128 characters. */
export function NewPassword(description = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters`) {
  return Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description });
}

/** A password checked against the one in force (a login's, a change's current one). */
export const GivenPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });

/** Amounts of money in currency units; more than two decimals is refused by the core. */
export const Amount = Type.Number({ description: 'currency units' });

/** List paging (DECISIONS.md): limit default 100, max 1000; offset from 0. */
export const Paging = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

export const PagingWithAccount = Type.Composite([Paging, Type.Object({ account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) })]);

/**
 * Order and trade lists: oldest first by default, so that paging on through `offset`
 * meets every record once; `sort=newest` reads from the newest, as a client that polls
 * for what is new wants (offset 0 is then the newest page).
 */
export const HistorySort = Type.Object({
  sort: Type.Optional(StringEnum(['oldest', 'newest'] as const, { default: 'oldest', description: 'oldest first (paging on never misses a record), or newest first' })),
});
export const HistoryPaging = Type.Composite([Paging, HistorySort]);
export const HistoryPagingWithAccount = Type.Composite([PagingWithAccount, HistorySort]);

export const MAX_BATCH_ITEMS = 100;

/**
 * An object of `value`s under keys of any text (order ids, trade ids). Not
 * Type.Record(Type.String(), ...): TypeBox writes its keys as the pattern "^(.*)$", whose
 * "." matches no line break, and the response serialiser drops the keys it does not
 * match. An order id holding a line break (DIFF takes any text as an id) was accepted,
 * but missing from the account snapshot. additionalProperties takes every key.
 */
export function KeyedBy<T extends TSchema>(value: T, options: { description?: string } = {}) {
  return Type.Unsafe<Record<string, Static<T>>>(Type.Object({}, { ...options, additionalProperties: value }));
}

/**
 * The header of a paged list's reply that counts what the list holds in all (before
 * limit and offset), so a client knows where the pages end without asking past them.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Where a list's total goes: the route's reply. */
export interface TotalCarrier {
  header(name: string, value: string): unknown;
}

/** `items` as one page of a list of `total`, which the reply's X-Total-Count tells. */
export function totalled<T>(reply: TotalCarrier, total: number, items: T[]): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}

/** One page (limit, offset) of `items`; the reply's X-Total-Count tells how many there are. */
export function page<T>(reply: TotalCarrier, items: readonly T[], query: { limit?: number; offset?: number }): T[] {
  const offset = query.offset ?? 0;
  return totalled(reply, items.length, items.slice(offset, offset + (query.limit ?? 100)));
}
