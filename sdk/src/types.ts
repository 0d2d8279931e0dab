// Type helpers over the generated `paths` (openapi-typescript): an operation's path parameters, query, body,
// success response and the item type of a paginated list, all from the OpenAPI document.
import type { components, paths } from "./generated/openapi.ts";

export type { components, paths };

/** The document's named schemas (components.schemas): `Schema<"Product">`. */
export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];

// The main objects of the API, by the names the document gives them (docs/decisions/openapi-schemas.md).
export type ApiError = Schema<"Error">;
export type Pagination = Schema<"Pagination">;
export type OffsetPagination = Schema<"OffsetPagination">;
export type Game = Schema<"Game">;
export type Currency = Schema<"Currency">;
export type Balance = Schema<"Balance">;
export type Journal = Schema<"Journal">;
export type LedgerOperationResult = Schema<"LedgerOperationResult">;
export type Item = Schema<"Item">;
export type Product = Schema<"Product">;
export type Deal = Schema<"Deal">;
export type Purchase = Schema<"WalletPurchase">;
export type PurchaseSummary = Schema<"PurchaseSummary">;
export type CheckoutGrant = Schema<"CheckoutGrant">;
export type Cashout = Schema<"Cashout">;
export type Campaign = Schema<"Campaign">;
export type CampaignUser = Schema<"CampaignUser">;
export type Grant = Schema<"Grant">;
export type Invoice = Schema<"Invoice">;
export type Distribution = Schema<"Distribution">;
export type DistributionFundSession = Schema<"DistributionFundSession">;
export type CampaignFundSession = Schema<"CampaignFundSession">;
export type SplitTemplate = Schema<"SplitTemplate">;
export type ApiKey = Schema<"ApiKey">;
export type Business = Schema<"Business">;
export type GameLinkSession = Schema<"GameLinkSession">;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Lower<M extends HttpMethod> = Lowercase<M>;

/** The paths that have an operation for `M`. */
export type PathsFor<M extends HttpMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][Lower<M>]>] extends [never] ? never : P;
}[keyof paths];

/** The operation object of `M path`. */
export type Operation<M extends HttpMethod, P extends PathsFor<M>> = NonNullable<paths[P][Lower<M>]>;

export type PathParams<O> = O extends { parameters: { path: infer X } } ? X : undefined;
export type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : undefined;
export type RequestBody<O> = O extends { requestBody?: { content: { "application/json": infer B } } } ? B : undefined;

type SuccessStatus = 200 | 201 | 202 | 203 | 204;
/** The JSON body of the operation's success answer(s) (undefined for a 204 or a body that is not JSON). */
export type ResponseBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends SuccessStatus ? (R[S] extends { content: { "application/json": infer J } } ? J : undefined) : never }[keyof R]
  : never;

/** What a call takes: `params` when the path has parameters, the query, the body, and per-call options. */
export type CallOptions<O> = (PathParams<O> extends undefined ? { params?: undefined } : { params: PathParams<O> }) & {
  query?: QueryParams<O>;
  body?: RequestBody<O>;
  /** the Idempotency-Key to send (default: a new UUID on every operation that accepts one); null sends none */
  idempotencyKey?: string | null;
  /** extra headers for this call */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** attempts for this call (default: the client's `maxAttempts`) */
  maxAttempts?: number;
};

/** The element type of a paginated list answer: the array beside `pagination` (top level or under `data`), or the answer itself when it is an array. */
export type ItemOf<R> = R extends readonly (infer E)[]
  ? E
  : R extends { pagination?: unknown }
    ? { [K in keyof R]: NonNullable<R[K]> extends readonly (infer E)[] ? E : never }[keyof R]
    : R extends { data?: infer D }
      ? ItemOf<NonNullable<D>>
      : never;

/** The GET paths that take `page` or `offset`: the lists `paginate` walks. */
export type PaginatedPath = {
  [P in PathsFor<"GET">]: QueryParams<Operation<"GET", P>> extends infer Q ? ("page" extends keyof Q ? P : "offset" extends keyof Q ? P : never) : never;
}[PathsFor<"GET">];
