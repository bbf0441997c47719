import { type TSchema, Type } from '@sinclair/typebox';

/** `{success: true, data, error: null}` around a route's data schema. */
export function envelopeOf<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data, error: Type.Null() });
}

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    data: Type.Null(),
    error: Type.Object({
      code: Type.Integer({ description: 'error code of the spec (1001..4003)' }),
      message: Type.String({ description: 'which field or rule failed' }),
    }),
  },
  { description: 'failure envelope' },
);

/** Responses of a route: its data on 200, the failure envelope on every error status. */
export function replies<T extends TSchema>(data: T) {
  return { 200: envelopeOf(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
}

/**
 * The error of one item of a batch reply: null when the item succeeded. Written as a
 * nullable object (OpenAPI 3.0's `nullable`) rather than a union with null: the response
 * serialiser writes a nullable object directly, but picks a union's branch by validating
 * the value against each one, for every item of every reply.
 */
export const ItemError = Type.Unsafe<{ code: number; message: string } | null>(
  Type.Object({ code: Type.Integer(), message: Type.String() }, { nullable: true }),
);

/**
 * Responses of a paged list route: as `replies`, and the 200 documents the X-Total-Count
 * header (schemas/common.ts, `page` and `totalled`). The response serialiser reads only
 * the body's keywords; the API document takes the header from here.
 */
export function pagedReplies<T extends TSchema>(data: T) {
  const answers = replies(data);
  const headers = { 'x-total-count': { type: 'integer', description: 'How many items the list holds in all, before limit and offset' } };
  return { ...answers, 200: Type.Object(answers[200].properties, { headers }) };
}
