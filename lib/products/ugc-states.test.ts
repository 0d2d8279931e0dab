import { describe, expect, it } from "vitest";
import { isSaleable, nextUgcStatus } from "./ugc-states";

describe("UGC product states", () => {
  it("follows draft → submitted → active, and declined → submitted again", () => {
    expect(nextUgcStatus("draft", "submit")).toBe("submitted");
    expect(nextUgcStatus("submitted", "approve")).toBe("active");
    expect(nextUgcStatus("submitted", "decline")).toBe("declined");
    expect(nextUgcStatus("declined", "submit")).toBe("submitted");
    expect(nextUgcStatus("draft", "uploadImage")).toBe("draft");
  });
  it("refuses every other move with 409 PRODUCT_STATE_CONFLICT naming the allowed states", () => {
    for (const [status, action] of [
      ["active", "submit"],
      ["submitted", "submit"],
      ["draft", "approve"],
      ["active", "decline"],
      ["declined", "approve"],
      ["submitted", "uploadImage"],
      ["active", "uploadImage"],
    ] as const) {
      let err: any;
      try {
        nextUgcStatus(status, action);
      } catch (e) {
        err = e;
      }
      expect(err?.status, `${status} ${action}`).toBe(409);
      expect(err.code).toBe("PRODUCT_STATE_CONFLICT");
      expect(err.message).toContain(`'${status}'`);
    }
  });
  it("only active products may be visible or for sale", () => {
    expect(["draft", "submitted", "active", "declined"].filter(isSaleable)).toEqual(["active"]);
  });
});
