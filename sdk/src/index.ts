export { Coinop, type CoinopOptions, type CoinopResponse } from "./client.ts";
export { parseRetryAfter } from "./retry-after.ts";
export { CoinopConnectionError, CoinopError, type ErrorDetail } from "./errors.ts";
export { sign, signTimestamped, verify, webhooks, WebhookVerificationError, type VerifyOptions, type WebhookEvent, type WebhookHeaders } from "./webhooks.ts";
export type {
  CallOptions,
  HttpMethod,
  ItemOf,
  Operation,
  PaginatedPath,
  PathsFor,
  RequestBody,
  ResponseBody,
  QueryParams,
  PathParams,
  paths,
} from "./types.ts";
