// The SDK's pure parts: the iterator over each page shape of the API (the shapes the server flows of
// sdk.test.ts do not reach too), Retry-After, and the webhook signature against the server's own signer.
import { describe, expect, it } from "vitest";
import { sign as serverSign, signTimestamped as serverSignTimestamped } from "../../lib/webhooks/sign.ts";
import { CoinopError } from "../src/errors.ts";
import { paginate } from "../src/paginate.ts";
import { parseRetryAfter } from "../src/retry-after.ts";
import { sign, signTimestamped, verify, WebhookVerificationError } from "../src/webhooks.ts";

const all = async (it: AsyncIterable<unknown>) => {
  const out: unknown[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe("paginate", () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));

  it("page/limit with pagination.hasNextPage", async () => {
    const asked: unknown[] = [];
    const got = await all(
      paginate(
        async (q) => {
          asked.push(q);
          const page = Number(q.page ?? 1);
          const items = rows.slice((page - 1) * 2, page * 2);
          return { items, pagination: { page, limit: 2, totalCount: 5, totalPages: 3, hasNextPage: page < 3, hasPrevPage: page > 1 } };
        },
        { limit: 2 },
      ),
    );
    expect(got).toEqual(rows);
    expect(asked).toEqual([{ limit: 2 }, { limit: 2, page: 2 }, { limit: 2, page: 3 }]);
  });

  it("page/limit with pagination.totalPages only (distributions, items)", async () => {
    const got = await all(
      paginate(async (q) => {
        const page = Number(q.page ?? 1);
        return { distributions: rows.slice((page - 1) * 2, page * 2), pagination: { page, limit: 2, total: 5, totalPages: 3 } };
      }, {}),
    );
    expect(got).toEqual(rows);
  });

  it("limit/offset with data.pagination.hasMore (campaign user events)", async () => {
    const asked: unknown[] = [];
    const got = await all(
      paginate(
        async (q) => {
          asked.push(q);
          const offset = Number(q.offset ?? 0);
          const transactions = rows.slice(offset, offset + 2);
          return { success: true, data: { campaignId: "c", transactions, pagination: { limit: 2, offset, total: 5, hasMore: offset + 2 < 5 } } };
        },
        { limit: 2 },
      ),
    );
    expect(got).toEqual(rows);
    expect(asked).toEqual([{ limit: 2 }, { limit: 2, offset: 2 }, { limit: 2, offset: 4 }]);
  });

  it("limit/offset over a bare array: a short page is the last; without a limit, an empty page", async () => {
    const asked: unknown[] = [];
    const fetchPage = async (q: Record<string, unknown>) => {
      asked.push(q);
      const offset = Number(q.offset ?? 0);
      return rows.slice(offset, offset + Number(q.limit ?? 3));
    };
    expect(await all(paginate(fetchPage, { limit: 2 }))).toEqual(rows);
    expect(asked).toEqual([{ limit: 2 }, { limit: 2, offset: 2 }, { limit: 2, offset: 4 }]);
    asked.length = 0;
    expect(await all(paginate(fetchPage, {}))).toEqual(rows);
    expect(asked).toEqual([{}, { offset: 3 }, { offset: 5 }]);
  });

  it("an answer that is not a list is an error, not an empty walk", async () => {
    await expect(all(paginate(async () => ({ ok: true }), {}))).rejects.toThrow(/neither a list nor a page/);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates; nothing else", () => {
    expect(parseRetryAfter("3")).toBe(3);
    expect(parseRetryAfter("0")).toBe(0);
    expect(parseRetryAfter(new Date(10_000 + 5_000).toUTCString(), 10_000)).toBe(5);
    expect(parseRetryAfter(new Date(0).toUTCString(), 10_000)).toBe(0);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
  });
});

describe("webhooks", () => {
  const body = '{"event":"Purchases.Completed","data":{"amount":500},"timestamp":"2026-01-01T00:00:00.000Z"}';
  const now = 1_800_000_000;
  // the headers a delivery carries, as lib/webhooks/deliver.ts makes them (signed with the server's own functions)
  const headers = (secrets: string[], { t = now, extra = {} }: { t?: number; extra?: Record<string, string> } = {}) => ({
    "x-service-signature": serverSign(body, secrets[0]!),
    "x-service-timestamp": String(t),
    "x-service-timestamped-signature": serverSignTimestamped(body, t, secrets),
    "x-service-event-id": "ev_1",
    ...extra,
  });
  const reason = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof WebhookVerificationError ? e.reason : "other";
    }
    return "accepted";
  };

  it("signs as the server signs", () => {
    expect(sign(body, "whsec_a")).toBe(serverSign(body, "whsec_a"));
    expect(sign(Buffer.from(body), "whsec_a")).toBe(serverSign(body, "whsec_a"));
    expect(signTimestamped(body, now, "whsec_a")).toBe(serverSignTimestamped(body, now, ["whsec_a"]));
    expect(signTimestamped(Buffer.from(body), now, "whsec_a")).toBe(serverSignTimestamped(body, now, ["whsec_a"]));
  });

  it("accepts the delivery in a Headers object or a plain object, any header case", () => {
    expect(verify(body, headers(["whsec_a"]), "whsec_a", { now })).toMatchObject({ event: "Purchases.Completed", data: { amount: 500 }, eventId: "ev_1" });
    expect(verify(body, new Headers(headers(["whsec_a"])), "whsec_a", { now }).eventId).toBe("ev_1");
    const upper = Object.fromEntries(Object.entries(headers(["whsec_a"])).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verify(body, upper, "whsec_a", { now }).event).toBe("Purchases.Completed");
    expect(verify(Buffer.from(body), headers(["whsec_a"]), "whsec_a", { now }).event).toBe("Purchases.Completed");
  });

  it("checks the signed time: within the tolerance either side, never a moved t, never the unsigned header", () => {
    expect(reason(() => verify(body, headers(["whsec_a"]), "whsec_a", { now: now + 300 }))).toBe("accepted");
    expect(reason(() => verify(body, headers(["whsec_a"]), "whsec_a", { now: now + 301 }))).toBe("timestamp_out_of_tolerance");
    expect(reason(() => verify(body, headers(["whsec_a"]), "whsec_a", { now: now - 301 }))).toBe("timestamp_out_of_tolerance");
    expect(reason(() => verify(body, headers(["whsec_a"]), "whsec_a", { now: now + 3000, toleranceSeconds: 3600 }))).toBe("accepted");
    // a captured delivery replayed an hour later with a fresh x-service-timestamp: the signed t still says when
    const replay = { ...headers(["whsec_a"]), "x-service-timestamp": String(now + 3600) };
    expect(reason(() => verify(body, replay, "whsec_a", { now: now + 3600 }))).toBe("timestamp_out_of_tolerance");
    // ... and with t moved too, the HMAC no longer matches
    const moved = { ...replay, "x-service-timestamped-signature": replay["x-service-timestamped-signature"].replace(`t=${now}`, `t=${now + 3600}`) };
    expect(reason(() => verify(body, moved, "whsec_a", { now: now + 3600 }))).toBe("bad_signature");
  });

  it("refuses a missing or malformed signature, a stripped timestamped signature, a non-JSON body", () => {
    const sig = serverSign(body, "whsec_a");
    expect(reason(() => verify(body, {}, "whsec_a", { now }))).toBe("missing_signature");
    expect(reason(() => verify(body, { "x-service-signature": `sha256=${sig}` }, "whsec_a", { now, toleranceSeconds: 0 }))).toBe("bad_signature");
    expect(reason(() => verify(body, { ...headers(["whsec_a"]), "x-service-timestamped-signature": `t=${now},v1=nothex` }, "whsec_a", { now }))).toBe(
      "bad_signature",
    );
    expect(reason(() => verify(body, { ...headers(["whsec_a"]), "x-service-timestamped-signature": `v1=${sig}` }, "whsec_a", { now }))).toBe(
      "missing_timestamp",
    );
    // the timestamped header stripped: the body-only signature cannot prove when, so a tolerance refuses it
    expect(reason(() => verify(body, { "x-service-signature": sig, "x-service-timestamp": String(now) }, "whsec_a", { now }))).toBe("missing_timestamp");
    expect(reason(() => verify(body, { "x-service-signature": sig }, "whsec_a", { now, toleranceSeconds: 0 }))).toBe("accepted");
    const text = "not json";
    const textHeaders = {
      "x-service-signature": serverSign(text, "whsec_a"),
      "x-service-timestamped-signature": serverSignTimestamped(text, now, ["whsec_a"]),
    };
    expect(reason(() => verify(text, textHeaders, "whsec_a", { now }))).toBe("bad_body");
  });

  it("rotation: either signature against either secret", () => {
    const rotated = headers(["whsec_new", "whsec_old"], { extra: { "x-service-signature-previous": serverSign(body, "whsec_old") } });
    expect(verify(body, rotated, "whsec_new", { now }).eventId).toBe("ev_1");
    expect(verify(body, rotated, "whsec_old", { now }).eventId).toBe("ev_1");
    expect(verify(body, headers(["whsec_old"]), "whsec_new", { now, previousSecret: "whsec_old" }).eventId).toBe("ev_1");
    expect(() => verify(body, rotated, "whsec_other", { now, previousSecret: "whsec_another" })).toThrow(WebhookVerificationError);
    // body-only (tolerance off) rotation works the same way
    const bodyOnly = { "x-service-signature": serverSign(body, "whsec_new"), "x-service-signature-previous": serverSign(body, "whsec_old") };
    expect(verify(body, bodyOnly, "whsec_old", { toleranceSeconds: 0 }).event).toBe("Purchases.Completed");
  });
});

describe("CoinopError", () => {
  it("carries the body's code, message, requestId, docUrl and details; the header's request id when the body has none", () => {
    const headers = new Headers({ "x-request-id": "req_header" });
    const e = new CoinopError({
      status: 400,
      headers,
      retryAfter: null,
      body: {
        error: "Bad body",
        code: "VALIDATION_ERROR",
        requestId: "req_body",
        docUrl: "https://x/docs/errors#VALIDATION_ERROR",
        details: [{ path: ["name"], message: "Required" }],
      },
    });
    expect([e.message, e.code, e.requestId, e.docUrl, e.details]).toEqual([
      "Bad body",
      "VALIDATION_ERROR",
      "req_body",
      "https://x/docs/errors#VALIDATION_ERROR",
      [{ path: ["name"], message: "Required" }],
    ]);
    const bare = new CoinopError({ status: 502, headers, retryAfter: 2, body: "<html>bad gateway</html>" });
    expect([bare.message, bare.code, bare.requestId, bare.docUrl, bare.details, bare.retryAfter]).toEqual(["HTTP 502", "HTTP_502", "req_header", null, [], 2]);
  });
});
