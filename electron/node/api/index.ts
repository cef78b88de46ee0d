export { createApiClient } from './client.ts';
export type {
  ApiClient,
  ApiClientOptions,
  HistoryPage,
  LocationHistoryQuery,
  Page,
  PageOptions,
  Records,
} from './client.ts';
export type { ApiEvent } from './http.ts';
export * from './errors.ts';
export { redact } from './redact.ts';
export { fullJitterDelay, parseRetryAfter, retryDelay, DEFAULT_BACKOFF } from './backoff.ts';
export type { BackoffOptions } from './backoff.ts';
export {
  createRateLimiter,
  getProviderLimiter,
  providerKeyFingerprint,
  resetProviderLimiters,
  DEFAULT_BURST,
  DEFAULT_RATE_PER_SEC,
} from './rate-limiter.ts';
export type { RateLimiter, RateLimiterOptions, RateLimiterSnapshot } from './rate-limiter.ts';
