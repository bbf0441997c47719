/**
 * Result codes of the specification's error table. Business rejections inside the core are
 * returned as one of these values, never thrown: a throw from `apply` is a bug.
 * The HTTP status of each code lives with the protocol adapters, not here.
 */
export const ResultCode = {
  Success: 1000,
  ParameterError: 1001,
  AuthenticationFailed: 1002,
  PermissionDenied: 1003,
  ResourceNotFound: 1004,
  InternalError: 1005,
  AccountNotFound: 2001,
  AccountExists: 2002,
  InsufficientBalance: 2003,
  InsufficientMargin: 2004,
  AccountFrozen: 2005,
  OrderNotFound: 3001,
  OrderFinished: 3002,
  InstrumentNotFound: 3003,
  InstrumentSuspended: 3004,
  PositionLimitExceeded: 3005,
  PriceOutOfLimits: 3006,
  InvalidVolume: 3007,
  RiskRatioExceeded: 4001,
  ForcedLiquidation: 4002,
  MarginRatioExceeded: 4003,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Default human-readable text for each code; handlers add the specific field or rule. */
export const RESULT_MESSAGES: Readonly<Record<ResultCode, string>> = {
  1000: 'success',
  1001: 'parameter error',
  1002: 'authentication failed',
  1003: 'insufficient permission',
  1004: 'resource does not exist',
  1005: 'internal service error',
  2001: 'account does not exist',
  2002: 'account already exists',
  2003: 'Insufficient funds',
  2004: 'Insufficient funds',
  2005: 'account frozen',
  3001: 'order not found',
  3002: 'order already finished',
  3003: 'instrument not found',
  3004: 'instrument suspended',
  3005: 'position limit exceeded',
  3006: 'price beyond limit-up/limit-down',
  3007: 'volume not valid',
  4001: 'risk ratio limit exceeded',
  4002: 'forced liquidation triggered',
  4003: 'margin ratio exceeded',
};
