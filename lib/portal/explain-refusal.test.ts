import { describe, expect, it } from "vitest";
import { lackingMessage } from "@/lib/platform/scopes";
import { explainRefusal, type RefusedRequest } from "./explain-refusal";

const refused = (status: number, body: Record<string, unknown>, extra: Partial<RefusedRequest> = {}): RefusedRequest => ({
  status,
  errorCode: String(body.code),
  responseBody: JSON.stringify({ ...body, requestId: "req_1" }),
  idempotencyKey: null,
  method: "POST",
  path: "/api/v1/x",
  ...extra,
});

describe("explainRefusal", () => {
  it("a success has nothing to explain", () => {
    expect(explainRefusal({ status: 201, errorCode: null, responseBody: "{}", idempotencyKey: null, method: "POST", path: "/" })).toBeNull();
  });

  it("a scope refusal names the missing scope and each set that lacks it, with the fix", () => {
    const details = [
      { field: "key.requestedScopes", message: lackingMessage("distribution:create", "key") },
      { field: "grant.grantedScopes", message: lackingMessage("distribution:create", "grant") },
    ];
    const e = explainRefusal(refused(403, { code: "INSUFFICIENT_SCOPE", error: details.map((d) => d.message).join(" "), details }))!;
    expect(e.kind).toBe("scope");
    expect(e.title).toBe("Missing scope: distribution:create");
    expect(e.points.map((p) => p.label)).toEqual(["Scope", "This key's scopes (key.requestedScopes)", "The business's grant (grant.grantedScopes)"]);
    expect(e.points[1]!.text).toContain("Create a key with it");
    expect(e.codeDoc).toBe("The platform, the key or the business grant does not allow this call's scope.");
    expect(e.docsHref).toBe("/docs");

    const one = explainRefusal(
      refused(403, {
        code: "INSUFFICIENT_SCOPE",
        error: lackingMessage("item:read", "platform"),
        details: [{ field: "platform.approvedScopes", message: lackingMessage("item:read", "platform") }],
      }),
    )!;
    expect(one.points[1]!.label).toBe("The platform's approved scopes (platform.approvedScopes)");
    expect(one.fix).toBe("the platform is not approved for it. Request it with POST /v1/platform/me/scopes.");
  });

  it("validation errors are listed by field", () => {
    const e = explainRefusal(
      refused(400, {
        code: "VALIDATION_ERROR",
        error: "body.itemId: Required",
        details: [
          { field: "body.itemId", message: "Required" },
          { field: "body.userId", message: "must not be empty" },
        ],
      }),
    )!;
    expect(e).toMatchObject({ kind: "validation", title: "Invalid fields", code: "VALIDATION_ERROR" });
    expect(e.points).toEqual([
      { label: "body.itemId", text: "Required" },
      { label: "body.userId", text: "must not be empty" },
    ]);
  });

  it("idempotency conflicts: a reused key (different body) and one still in flight", () => {
    const reused = explainRefusal(refused(422, { code: "IDEMPOTENCY_KEY_REUSED", error: "…" }, { idempotencyKey: "k-1" }))!;
    expect(reused).toMatchObject({ kind: "idempotency", title: "Idempotency-Key used for a different request" });
    expect(reused.points[0]).toEqual({ label: "Idempotency-Key", text: "k-1" });
    expect(reused.points[1]!.text).toContain("different method, path or body");
    const inFlight = explainRefusal(refused(409, { code: "IDEMPOTENCY_IN_PROGRESS", error: "…" }, { idempotencyKey: "k-2" }))!;
    expect(inFlight).toMatchObject({ kind: "idempotency", title: "The same request was still in flight" });
    expect(explainRefusal(refused(400, { code: "IDEMPOTENCY_KEY_REQUIRED", error: "needs a key" }))!.title).toBe("No Idempotency-Key");
  });

  it("authentication errors say which header is wrong", () => {
    const header = (message: string) => explainRefusal(refused(401, { code: "UNAUTHORIZED", error: message }))!.points[0]!.label;
    expect(header("Missing API key: send `Authorization: Bearer <key>`.")).toBe("Authorization");
    expect(header("X-Game-Id does not match the game of this API key.")).toBe("X-Game-Id");
    expect(header("Missing X-Game-Id header: send the id of the game this key belongs to.")).toBe("X-Game-Id");
    expect(header("X-Campaign-Id does not match the campaign of this API key.")).toBe("X-Campaign-Id");
    const revoked = explainRefusal(refused(401, { code: "UNAUTHORIZED", error: "The API key is not valid, or it has been revoked." }))!;
    expect(revoked.points[0]!.text).toContain("revoked");
    expect(explainRefusal(refused(400, { code: "TARGET_BUSINESS_REQUIRED", error: "Missing" }))!.points[0]!.label).toBe("X-Target-Business-Id");
    expect(explainRefusal(refused(400, { code: "UNSUPPORTED_API_VERSION", error: "v2" }))!.points[0]!.label).toBe("X-Service-API-Version");
  });

  it("a live call for a business not approved to go live: the message, and where to apply", () => {
    const error = "Business b1 is not approved to go live: nothing live can be created or used for it.";
    const e = explainRefusal(refused(403, { code: "BUSINESS_NOT_ACTIVATED", error }))!;
    expect(e).toMatchObject({ kind: "access", title: "The business is not approved to go live", points: [{ label: "Activation", text: error }] });
    expect(e.fix).toContain("activation page");
    expect(e.codeDoc).toContain("approves its activation");
  });

  it("anything else: the message and the code's documentation", () => {
    const e = explainRefusal(refused(402, { code: "INSUFFICIENT_FUNDS", error: "The balance is too low." }))!;
    expect(e).toMatchObject({ kind: "other", message: "The balance is too low.", code: "INSUFFICIENT_FUNDS", points: [] });
    expect(e.codeDoc).toBeTruthy();
  });
});
