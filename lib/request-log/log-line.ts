// One JSON line per /v1 request on stdout (docs/operations.md, "Request logs"): time, level, requestId,
// method, route (the declared pattern, "/v1/purchases/{purchaseId}", so ids do not explode a log index),
// status, latencyMs, the tenant (businessId, gameId, platformId) and errorCode. Nothing from the request's
// headers or bodies is written: no key, no secret. A plain JSON.stringify and one write (no logger
// library: docs/decisions/portal.md). LOG_LEVEL: debug | info (default) | warn | error | silent; under
// vitest the lines are off unless LOG_LEVEL is set.
import { readEnv } from "../config/env.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type RequestLine = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  businessId?: string | null;
  gameId?: string | null;
  platformId?: string | null;
  errorCode?: string | null;
};

let threshold: number | undefined;

/** The level in force: LOG_LEVEL when set, else info (silent under vitest). Read once per process. */
const currentThreshold = (): number => {
  if (threshold !== undefined) return threshold;
  const env = readEnv();
  const level = env.LOG_LEVEL?.toLowerCase() as LogLevel | undefined;
  threshold = level && level in RANK ? RANK[level] : env.NODE_ENV === "test" ? RANK.silent : RANK.info;
  return threshold;
};

/** Tests: set the level (undefined: read LOG_LEVEL again). */
export const setLogLevel = (level: LogLevel | undefined): void => {
  threshold = level ? RANK[level] : undefined;
};

/** The level of a request's line: error for 5xx, warn for 4xx, info otherwise. */
export const levelOf = (status: number): LogLevel => (status >= 500 ? "error" : status >= 400 ? "warn" : "info");

/** The line as written (without the newline), or null when the level is below the threshold. */
export const formatRequestLine = (line: RequestLine, time = new Date()): string | null => {
  const level = levelOf(line.status);
  if (RANK[level] < currentThreshold()) return null;
  return JSON.stringify({
    time: time.toISOString(),
    level,
    msg: "request",
    requestId: line.requestId,
    method: line.method,
    route: line.route,
    status: line.status,
    latencyMs: Math.round(line.latencyMs * 10) / 10,
    businessId: line.businessId ?? undefined,
    gameId: line.gameId ?? undefined,
    platformId: line.platformId ?? undefined,
    errorCode: line.errorCode ?? undefined,
  });
};

/** Writes the request's line to stdout (never throws). */
export const writeRequestLine = (line: RequestLine): void => {
  try {
    const text = formatRequestLine(line);
    if (text !== null) process.stdout.write(`${text}\n`);
  } catch {
    // a closed stdout must not fail the request
  }
};
