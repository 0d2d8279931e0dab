import { describe, expect, it } from "vitest";
import { linkEventData } from "./link-session-events.ts";
import { LINK_EVENTS } from "./link-session-states.ts";

const game = {
  sessionKey: "lks_test_1",
  namespaceType: "game",
  namespaceId: "g1",
  idempotencyKey: null,
  metadata: null,
  userRef: "gmu_test_1",
  failureMessage: "boom",
};

describe("linkEventData", () => {
  it("game-level events carry exactly the spec's fields", () => {
    expect(linkEventData(LINK_EVENTS.started, game)).toEqual({ sessionKey: "lks_test_1" });
    expect(linkEventData(LINK_EVENTS.canceled, game)).toEqual({ sessionKey: "lks_test_1" });
    expect(linkEventData(LINK_EVENTS.failed, game)).toEqual({ sessionKey: "lks_test_1", message: "boom" });
    expect(linkEventData(LINK_EVENTS.removed, game)).toEqual({ sessionKey: "lks_test_1", user_ref: "gmu_test_1" });
    expect(linkEventData(LINK_EVENTS.succeeded, { ...game, idempotencyKey: "k1" })).toEqual({
      sessionKey: "lks_test_1",
      user_ref: "gmu_test_1",
      metadata: { idempotencyKey: "k1" },
    });
  });

  it("platform_metadata appears only when the session has metadata", () => {
    expect(linkEventData(LINK_EVENTS.succeeded, { ...game, metadata: { a: 1 } })).toEqual({
      sessionKey: "lks_test_1",
      user_ref: "gmu_test_1",
      metadata: { idempotencyKey: null, platform_metadata: { a: 1 } },
    });
  });

  it("business-level events also carry user_ref (null until approved), businessId and metadata (platform-api.md)", () => {
    const business = { ...game, namespaceType: "business", namespaceId: "b1", userRef: "obu_test_1", idempotencyKey: "k2", metadata: { crm: "x" } };
    expect(linkEventData(LINK_EVENTS.canceled, business)).toEqual({
      sessionKey: "lks_test_1",
      user_ref: "obu_test_1",
      businessId: "b1",
      metadata: { idempotencyKey: "k2", platform_metadata: { crm: "x" } },
    });
    expect(linkEventData(LINK_EVENTS.started, { ...business, userRef: null })).toEqual({
      sessionKey: "lks_test_1",
      user_ref: null,
      businessId: "b1",
      metadata: { idempotencyKey: "k2", platform_metadata: { crm: "x" } },
    });
  });
});
