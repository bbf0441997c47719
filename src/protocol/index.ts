/** Wire-level shapes shared by the adapters: the REST envelope and the error catalogue. */
export { ApiError } from './api-error.ts';
export { failure, type FailureEnvelope, ok, type SuccessEnvelope } from './envelope.ts';
export * from './resource-views.ts';
export { defaultMessageOf, httpStatusOf, ResultCode, TOO_MANY_REQUESTS } from './error-catalogue.ts';
