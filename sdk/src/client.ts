// The Coinop client: one object per key. It sets the key and the tenant header once, sends an
// Idempotency-Key on every operation the document lets take one (a new UUID unless the call gives its own),
// retries a 503 or 429 (and a failed connection) with exponential backoff and jitter, honouring Retry-After,
// only when the call is idempotent (a GET, or a call that carries an Idempotency-Key), and throws CoinopError
// on any non-2xx answer. docs/decisions/sdk.md.
import { CoinopConnectionError, CoinopError } from "./errors.ts";
import { IDEMPOTENT_OPERATIONS } from "./generated/idempotent.ts";
import { paginate } from "./paginate.ts";
import { parseRetryAfter } from "./retry-after.ts";
import type { CallOptions, HttpMethod, ItemOf, Operation, PaginatedPath, PathsFor, ResponseBody } from "./types.ts";
import { webhooks } from "./webhooks.ts";

export type CoinopOptions = {
  /** the server's origin, e.g. https://coinop.example.com (the API is under /api/v1 there) */
  baseUrl: string;
  /** a server, campaign or platform key (service_…) */
  apiKey: string;
  /** a game server key's game: sent as X-Game-Id */
  gameId?: string;
  /** a campaign key's campaign: sent as X-Campaign-Id */
  campaignId?: string;
  /** a platform key's business: sent as X-Target-Business-Id */
  targetBusinessId?: string;
  /** attempts per idempotent call, the first included (default 3; 1 turns retries off) */
  maxAttempts?: number;
  /** the first backoff, in ms (default 500); doubled after each attempt, with full jitter */
  baseDelayMs?: number;
  /** the longest wait between attempts, in ms, Retry-After included (default 30 000) */
  maxDelayMs?: number;
  /** headers sent on every call */
  headers?: Record<string, string>;
  /** the fetch to use (default: the global one) */
  fetch?: typeof fetch;
};

/** A call's answer with what came with it. */
export type CoinopResponse<T> = {
  data: T;
  status: number;
  headers: Headers;
  requestId: string | null;
  /** the Idempotency-Key sent, if any */
  idempotencyKey: string | null;
  /** true when the server answered with the stored answer of an earlier call (Idempotent-Replayed) */
  replayed: boolean;
  /** how many attempts the call took */
  attempts: number;
};

const RETRY_STATUSES = new Set([429, 503]);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(v));
  });

export class Coinop {
  readonly baseUrl: string;
  readonly webhooks = webhooks;
  private readonly options: CoinopOptions;
  private readonly fetchImpl: typeof fetch;

  constructor(options: CoinopOptions) {
    if (!options.baseUrl) throw new TypeError("baseUrl is required");
    if (!options.apiKey) throw new TypeError("apiKey is required");
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "").replace(/\/api$/, "");
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Any operation of the document, typed by its method and path; resolves to the success body. */
  async request<M extends HttpMethod, P extends PathsFor<M>>(
    method: M,
    path: P,
    ...[options]: ArgsOf<Operation<M, P>>
  ): Promise<ResponseBody<Operation<M, P>>> {
    return (await this.requestWithResponse(method, path, options as CallOptions<Operation<M, P>>)).data;
  }

  /** As `request`, with the status, headers, request id, Idempotency-Key, replay flag and number of attempts. */
  async requestWithResponse<M extends HttpMethod, P extends PathsFor<M>>(
    method: M,
    path: P,
    ...[options]: ArgsOf<Operation<M, P>>
  ): Promise<CoinopResponse<ResponseBody<Operation<M, P>>>> {
    const o = (options ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      idempotencyKey?: string | null;
      headers?: Record<string, string>;
      signal?: AbortSignal;
      maxAttempts?: number;
    };
    const url = new URL(`${this.baseUrl}/api${fillPath(path, o.params)}`);
    for (const [k, v] of Object.entries(o.query ?? {})) {
      if (v === undefined || v === null) continue;
      url.searchParams.set(k, v instanceof Date ? v.toISOString() : String(v));
    }
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: `Bearer ${this.options.apiKey}`,
      ...(this.options.gameId ? { "x-game-id": this.options.gameId } : {}),
      ...(this.options.campaignId ? { "x-campaign-id": this.options.campaignId } : {}),
      ...(this.options.targetBusinessId ? { "x-target-business-id": this.options.targetBusinessId } : {}),
      ...this.options.headers,
      ...o.headers,
    };
    const acceptsKey = method !== "GET" && IDEMPOTENT_OPERATIONS.has(`${method} ${path}`);
    const idempotencyKey = acceptsKey && o.idempotencyKey !== null ? (o.idempotencyKey ?? globalThis.crypto.randomUUID()) : null;
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    let payload: string | undefined;
    if (o.body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(o.body, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    }

    // a call may be sent again only when a repeat cannot do it twice
    const idempotent = method === "GET" || idempotencyKey !== null;
    const maxAttempts = idempotent ? Math.max(1, o.maxAttempts ?? this.options.maxAttempts ?? 3) : 1;
    const base = this.options.baseDelayMs ?? 500;
    const cap = this.options.maxDelayMs ?? 30_000;

    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body: payload, signal: o.signal });
      } catch (err) {
        if (o.signal?.aborted || attempt >= maxAttempts) throw new CoinopConnectionError(`${method} ${path}: ${(err as Error).message}`, { cause: err });
        await sleep(Math.random() * Math.min(cap, base * 2 ** (attempt - 1)), o.signal);
        continue;
      }
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      if (!res.ok && RETRY_STATUSES.has(res.status) && attempt < maxAttempts) {
        await res.body?.cancel();
        const backoff = Math.random() * Math.min(cap, base * 2 ** (attempt - 1));
        await sleep(Math.min(cap, retryAfter === null ? backoff : retryAfter * 1000), o.signal);
        continue;
      }
      const text = res.status === 204 ? "" : await res.text();
      const isJson = /\bjson\b/i.test(res.headers.get("content-type") ?? "");
      let body: unknown = text;
      if (isJson && text !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      } else if (text === "") body = undefined;
      if (!res.ok) throw new CoinopError({ status: res.status, body, headers: res.headers, retryAfter });
      return {
        data: body as ResponseBody<Operation<M, P>>,
        status: res.status,
        headers: res.headers,
        requestId: res.headers.get("x-request-id"),
        idempotencyKey,
        replayed: res.headers.get("idempotent-replayed") === "true",
        attempts: attempt,
      };
    }
  }

  /** Every item of a paginated list (page/limit or limit/offset, whatever the answer's shape), page after page. */
  paginate<P extends PaginatedPath>(path: P, options?: CallOptions<Operation<"GET", P>>): AsyncIterableIterator<ItemOf<ResponseBody<Operation<"GET", P>>>> {
    return paginate(
      (query) => this.request("GET", path, { ...(options as object), query } as never),
      (options?.query ?? {}) as Record<string, unknown>,
    ) as never;
  }

  // ---- the game server's core calls (a server key with gameId) ----
  readonly game = {
    get: () => this.request("GET", "/v1/game"),
  };

  readonly currencies = {
    create: (body: RequestBodyOf<"POST", "/v1/vc/currencies">, opts?: PerCall) => this.request("POST", "/v1/vc/currencies", { body, ...opts }),
    list: (query?: QueryOf<"GET", "/v1/vc/currencies">) => this.request("GET", "/v1/vc/currencies", { query }),
  };

  readonly links = {
    initiate: (body: RequestBodyOf<"POST", "/v1/users/link/initiate">, opts?: PerCall) => this.request("POST", "/v1/users/link/initiate", { body, ...opts }),
    details: (query: QueryOf<"GET", "/v1/users/link/details">) => this.request("GET", "/v1/users/link/details", { query }),
  };

  readonly ledger = {
    credit: (body: RequestBodyOf<"POST", "/v1/vc/credits">, opts?: PerCall) => this.request("POST", "/v1/vc/credits", { body, ...opts }),
    debit: (body: RequestBodyOf<"POST", "/v1/vc/debits">, opts?: PerCall) => this.request("POST", "/v1/vc/debits", { body, ...opts }),
    balances: (query: QueryOf<"GET", "/v1/vc/balances">) => this.request("GET", "/v1/vc/balances", { query }),
    journals: (query: QueryOf<"GET", "/v1/vc/journals">) => this.request("GET", "/v1/vc/journals", { query }),
  };

  readonly products = {
    create: (body: RequestBodyOf<"POST", "/v1/product">, opts?: PerCall) => this.request("POST", "/v1/product", { body, ...opts }),
  };

  readonly checkout = {
    createGrant: (body: RequestBodyOf<"POST", "/v1/checkout/grants">, opts?: PerCall) => this.request("POST", "/v1/checkout/grants", { body, ...opts }),
  };

  readonly purchases = {
    list: (userRef: string, query?: QueryOf<"GET", "/v1/users/{userRef}/purchases">) =>
      this.request("GET", "/v1/users/{userRef}/purchases", { params: { userRef }, query }),
  };

  // ---- the platform flow (a platform key with targetBusinessId) ----
  readonly platform = {
    createBusiness: (body: RequestBodyOf<"POST", "/v1/platform/business">, opts?: PerCall) => this.request("POST", "/v1/platform/business", { body, ...opts }),
    getBusiness: () => this.request("GET", "/v1/platform/business"),
    createDistribution: (body: RequestBodyOf<"POST", "/v1/platform/distributions">, opts?: PerCall) =>
      this.request("POST", "/v1/platform/distributions", { body, ...opts }),
    listDistributions: (query?: QueryOf<"GET", "/v1/platform/distributions">) => this.request("GET", "/v1/platform/distributions", { query }),
    createDistributionFundSession: (id: string, body: RequestBodyOf<"POST", "/v1/platform/distributions/{id}/fund-sessions">, opts?: PerCall) =>
      this.request("POST", "/v1/platform/distributions/{id}/fund-sessions", { params: { id }, body, ...opts }),
    getDistributionFundSession: (id: string, handle: string) =>
      this.request("GET", "/v1/platform/distributions/{id}/fund-sessions/{handle}", { params: { id, handle } }),
  };

  // ---- test mode helpers (a test key only) ----
  readonly testHelpers = {
    approveLinkSession: (sessionKey: string, body?: RequestBodyOf<"POST", "/v1/test-helpers/link-sessions/{sessionKey}/approve">, opts?: PerCall) =>
      this.request("POST", "/v1/test-helpers/link-sessions/{sessionKey}/approve", { params: { sessionKey }, body, ...opts }),
    completeCheckout: (body: RequestBodyOf<"POST", "/v1/test-helpers/checkout/complete">, opts?: PerCall) =>
      this.request("POST", "/v1/test-helpers/checkout/complete", { body, ...opts }),
    completeFundSession: (sessionKey: string, body?: RequestBodyOf<"POST", "/v1/test-helpers/fund-sessions/{sessionKey}/complete">, opts?: PerCall) =>
      this.request("POST", "/v1/test-helpers/fund-sessions/{sessionKey}/complete", { params: { sessionKey }, body, ...opts }),
    /** A test clock (an addition): pass its id as `testClock` when creating objects that should live on its time. */
    createTestClock: (body: RequestBodyOf<"POST", "/v1/test-helpers/test-clocks"> = {}, opts?: PerCall) =>
      this.request("POST", "/v1/test-helpers/test-clocks", { body, ...opts }),
    /** Moves a test clock forward ({frozenTime} or {seconds}); answers what came due and ran, in time order. */
    advanceTestClock: (clockId: string, body: RequestBodyOf<"POST", "/v1/test-helpers/test-clocks/{clockId}/advance">, opts?: PerCall) =>
      this.request("POST", "/v1/test-helpers/test-clocks/{clockId}/advance", { params: { clockId }, body, ...opts }),
  };
}

/** A call's options, optional when nothing in them is required (no path parameter, no required query). */
type ArgsOf<O> = Record<never, never> extends CallOptions<O> ? [options?: CallOptions<O>] : [options: CallOptions<O>];
type PerCall = { idempotencyKey?: string | null; headers?: Record<string, string>; signal?: AbortSignal; maxAttempts?: number };
type RequestBodyOf<M extends HttpMethod, P extends PathsFor<M>> = NonNullable<CallOptions<Operation<M, P>>["body"]>;
type QueryOf<M extends HttpMethod, P extends PathsFor<M>> = NonNullable<CallOptions<Operation<M, P>>["query"]>;
