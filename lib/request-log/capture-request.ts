// What the /v1 kernel hands over for every request it answers (lib/http/route.ts): the raw facts, kept in
// a bounded in-memory buffer and written in batches by record-requests.ts (RequestLog rows, and audit
// entries for successful changes). Nothing here touches the database or parses a body: the request pays
// for one JSON log line and one array push. Redaction, object ids and the audit rows are made when the
// batch is written, off the request's path.
import { readEnv } from "../config/env.ts";
import type { Environment } from "../core/environment.ts";
import { getDb } from "../db/client.ts";
import { createBatcher, type Batcher, type BatcherStats } from "./batcher.ts";
import { writeRequestLine } from "./log-line.ts";
import { recordRequests } from "./record-requests.ts";

/** Who made the request, filled in by authentication as far as it got (a refused key may still name its business). */
export type RequestFacts = {
  apiKeyId?: string;
  keyKind?: "server" | "campaign" | "platform";
  businessId?: string;
  gameId?: string;
  campaignId?: string;
  platformId?: string;
  environment?: Environment;
};

export type CapturedRequest = {
  requestId: string;
  /** when the request arrived */
  at: Date;
  method: string;
  /** the URL's path and query, as sent */
  path: string;
  /** the declared pattern, "/v1/purchases/{purchaseId}" */
  route: string;
  params?: Record<string, string | string[]>;
  status: number;
  latencyMs: number;
  idempotencyKey?: string | null;
  errorCode?: string | null;
  /** an idempotent replay of a stored answer (not a new change: no audit entry) */
  replayed?: boolean;
  /** the raw request body (JSON text, or the multipart summary) */
  requestBody?: string;
  /** the response body as sent (JSON text; "" for 204) */
  responseBody?: string;
  /** the answer is the route's list page (`{ items, pagination }`): no object ids at its top, so a long one may be
   *  stored without being parsed (redact.ts, storedListPage) */
  listPage?: boolean;
  facts: RequestFacts;
};

/** What the buffer keeps of a body: stored bodies are 4 KB; beyond 32 KB a body is redacted as text anyway. */
const MAX_CAPTURED_BODY = 32 * 1024;

/** A long body cut, and copied, so the buffer does not keep the whole original string alive. */
const capped = (body: string | undefined): string | undefined =>
  body === undefined || body.length <= MAX_CAPTURED_BODY ? body : Buffer.from(body.slice(0, MAX_CAPTURED_BODY)).toString();

let batcher: Batcher<CapturedRequest> | undefined;
let enabled: boolean | undefined;
let hooked = false;

const theBatcher = (): Batcher<CapturedRequest> => {
  batcher ??= createBatcher<CapturedRequest>({
    write: (rows) => recordRequests({ db: getDb() }, rows),
    intervalMs: 250,
    maxBatch: 200,
    maxBuffered: 10_000,
    // bodies are cut to MAX_CAPTURED_BODY each, and all buffered rows together stay under 32 MB
    sizeOf: (c) => 512 + (c.requestBody?.length ?? 0) + (c.responseBody?.length ?? 0),
    maxBytes: 32 * 1024 * 1024,
    onError: (err, n) => {
      if (readEnv().NODE_ENV !== "test") console.error(`[request-log] ${n} rows not written:`, err instanceof Error ? err.message : err);
    },
  });
  if (!hooked) {
    hooked = true;
    // Shutdown: write what is buffered now, and every later row at once (Next finishes the requests in
    // flight, then exits). `once`, so a process that re-raises the signal when nobody listens still can.
    for (const signal of ["SIGTERM", "SIGINT"] as const)
      process.once(signal, () => {
        batcher?.hurry();
        void batcher?.drain();
      });
  }
  return batcher;
};

/** Whether requests are recorded: always, except under vitest where a test turns it on (setRequestCapture). */
const captureOn = (): boolean => (enabled ??= readEnv().NODE_ENV !== "test");

/** Tests: record requests (true) or not (false); undefined: the default. */
export const setRequestCapture = (on: boolean | undefined): void => {
  enabled = on;
};

/** Called by the kernel once per answered request: the log line, then the row queued. Never throws. */
export const captureRequest = (c: CapturedRequest): void => {
  try {
    writeRequestLine({
      requestId: c.requestId,
      method: c.method,
      route: c.route,
      status: c.status,
      latencyMs: c.latencyMs,
      businessId: c.facts.businessId,
      gameId: c.facts.gameId,
      platformId: c.facts.platformId,
      errorCode: c.errorCode,
    });
    if (captureOn()) theBatcher().push({ ...c, requestBody: capped(c.requestBody), responseBody: capped(c.responseBody) });
  } catch {
    // logging never fails a request
  }
};

/** Writes everything buffered (tests, and shutdown). */
export const drainRequestLog = async (): Promise<void> => {
  await batcher?.drain();
};

export const requestLogStats = (): BatcherStats => batcher?.stats() ?? { buffered: 0, dropped: 0, flushed: 0, failedBatches: 0 };
