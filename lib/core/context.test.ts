import { describe, expect, it } from "vitest";
import { idempotencyScope, type KeyId, type PlatformKeyActor, type ServerKeyActor, type TargetContext, type PlatformContext } from "./context.ts";

const keyId = "key_1" as KeyId;

describe("idempotencyScope", () => {
  it("keeps the strings stored idempotency records carry, byte for byte", () => {
    const environment = "test" as const;
    expect(idempotencyScope({ actor: { kind: "server", keyId }, scope: { kind: "game", environment, businessId: "b", gameId: "g" } })).toBe("server:g");
    expect(idempotencyScope({ actor: { kind: "campaign", keyId }, scope: { kind: "campaign", environment, businessId: "b", campaignId: "c" } })).toBe(
      "campaign:c",
    );
    const platform: PlatformKeyActor = { kind: "platform", keyId, platformId: "p", scopes: [] };
    expect(idempotencyScope({ actor: platform, scope: { kind: "platform", environment, platformId: "p" } })).toBe("platform:p:test:-");
    expect(idempotencyScope({ actor: platform, scope: { kind: "business", environment: "live", businessId: "b", platformId: "p", grantId: "gr" } })).toBe(
      "platform:p:live:b",
    );
    expect(
      idempotencyScope({ actor: platform, scope: { kind: "campaign", environment, businessId: "b", campaignId: "c", platformId: "p", grantId: "gr" } }),
    ).toBe("platform:p:test:b");
  });

  it("the types refuse a made-up key and a target business a route did not declare (tsc checks this file)", () => {
    // @ts-expect-error a key actor's id is a KeyId, which only the kernel's authentication makes
    const fake: ServerKeyActor = { kind: "server", keyId: "portal" };
    // @ts-expect-error a platform call without targetBusiness has no business to re-check
    const business = (ctx: PlatformContext) => ctx.scope.businessId;
    const target = (ctx: TargetContext): string => ctx.scope.businessId;
    expect([fake.kind, typeof business, typeof target]).toEqual(["server", "function", "function"]);
  });
});
