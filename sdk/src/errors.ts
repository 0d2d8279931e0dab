// The errors a call throws. Every non-2xx answer is a CoinopError carrying what the body and headers say:
// status, code, message, requestId (the body's, else x-request-id), docUrl when the body has one, details.
// A call that got no answer at all (the connection failed, or it was aborted) throws CoinopConnectionError.

export type ErrorDetail = { path?: (string | number)[]; message?: string; [k: string]: unknown };

export class CoinopError extends Error {
  override readonly name = "CoinopError";
  /** the HTTP status */
  readonly status: number;
  /** the machine-readable code (e.g. INSUFFICIENT_FUNDS), or HTTP_<status> when the body has none */
  readonly code: string;
  /** the request id to quote to support (body `requestId`, else the x-request-id header) */
  readonly requestId: string | null;
  /** where the code is documented, when the body carries a `docUrl` */
  readonly docUrl: string | null;
  /** per-field details of a validation error */
  readonly details: ErrorDetail[];
  /** seconds the server asked to wait (Retry-After), if any */
  readonly retryAfter: number | null;
  /** the parsed body (or its text when it was not JSON) */
  readonly body: unknown;
  readonly headers: Headers;

  constructor(init: { status: number; body: unknown; headers: Headers; retryAfter: number | null }) {
    const b = (init.body && typeof init.body === "object" ? init.body : {}) as Record<string, unknown>;
    const message = typeof b.error === "string" ? b.error : typeof b.message === "string" ? b.message : `HTTP ${init.status}`;
    super(message);
    this.status = init.status;
    this.code = typeof b.code === "string" ? b.code : `HTTP_${init.status}`;
    this.requestId = typeof b.requestId === "string" ? b.requestId : init.headers.get("x-request-id");
    this.docUrl = typeof b.docUrl === "string" ? b.docUrl : null;
    this.details = Array.isArray(b.details) ? (b.details as ErrorDetail[]) : [];
    this.retryAfter = init.retryAfter;
    this.body = init.body;
    this.headers = init.headers;
  }
}

export class CoinopConnectionError extends Error {
  override readonly name = "CoinopConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
