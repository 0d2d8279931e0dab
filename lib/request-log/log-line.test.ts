import { afterEach, describe, expect, it } from "vitest";
import { formatRequestLine, levelOf, setLogLevel } from "./log-line";

afterEach(() => setLogLevel(undefined));

const line = { requestId: "req_1", method: "POST", route: "/v1/purchases/{purchaseId}", status: 201, latencyMs: 12.54, businessId: "b1", gameId: "g1" };

describe("request log lines", () => {
  it("are off under vitest unless LOG_LEVEL is set", () => {
    expect(formatRequestLine(line)).toBeNull();
  });

  it("one JSON object: time, level, request id, method, the declared route, status, latency, tenant, error code; nothing else", () => {
    setLogLevel("info");
    const out = JSON.parse(formatRequestLine(line, new Date("2026-01-02T03:04:05Z"))!);
    expect(out).toEqual({
      time: "2026-01-02T03:04:05.000Z",
      level: "info",
      msg: "request",
      requestId: "req_1",
      method: "POST",
      route: "/v1/purchases/{purchaseId}",
      status: 201,
      latencyMs: 12.5,
      businessId: "b1",
      gameId: "g1",
    });
    const refused = JSON.parse(formatRequestLine({ ...line, status: 403, errorCode: "INSUFFICIENT_SCOPE", platformId: "p1" })!);
    expect(refused).toMatchObject({ level: "warn", errorCode: "INSUFFICIENT_SCOPE", platformId: "p1" });
  });

  it("levels: 5xx error, 4xx warn, else info; the threshold filters", () => {
    expect([levelOf(200), levelOf(404), levelOf(503)]).toEqual(["info", "warn", "error"]);
    setLogLevel("warn");
    expect(formatRequestLine(line)).toBeNull();
    expect(formatRequestLine({ ...line, status: 400 })).not.toBeNull();
    setLogLevel("silent");
    expect(formatRequestLine({ ...line, status: 500 })).toBeNull();
  });
});
