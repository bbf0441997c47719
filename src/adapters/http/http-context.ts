import type { OrderRateLimiter } from '../../app/auth/order-rate-limiter.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Caller } from '../../app/auth/auth-service.ts';
import type { AuthService } from '../../app/auth/auth-service.ts';
import type { Exchange } from '../../app/exchange.ts';
import type { BankSettings } from '../../config/index.ts';
import type { ProcessFigures } from '../../app/process-figures.ts';

/** Everything the HTTP routes use: the exchange and the services around it. */
export interface HttpContext {
  readonly exchange: Exchange;
  readonly auth: AuthService;
  readonly banks: readonly BankSettings[];
  readonly figures: ProcessFigures;
  /** Wall clock for response timestamps (order book `timestamp`). */
  readonly now: () => number;
  /** Orders and cancels per user, one budget with DIFF's (see OrderRateLimiter). */
  readonly orderEntries: OrderRateLimiter;
}

/** Who may call a route: anyone, any logged-in user, or administrators only. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access hook on every non-public route. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A read of a user's history, limited per user (see HistoryReadLimiter). */
    historyRead?: boolean;
    /** The route gives a missing body a default: the OpenAPI document says it is optional. */
    optionalBody?: boolean;
  }
}

export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** One route group of the spec (auth, account, order, ...): registers its routes. */
export type RouteGroup = (app: Api, ctx: HttpContext) => void;
