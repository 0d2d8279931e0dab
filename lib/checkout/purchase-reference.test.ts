import { describe, expect, it } from "vitest";
import { newId } from "../db/ids";
import { purchaseReference, referenceToIdSuffix } from "./purchase-reference";

describe("the short purchase reference", () => {
  it("is CO-XXXX-XXXX in Crockford base32, from the id's last 40 bits, and decodes back to them", () => {
    expect(purchaseReference("65f0a1b2c3d4e5f607182930")).toBe(purchaseReference("00000000c3d4e5f607182930"));
    const ref = purchaseReference("65f0a1b2c3d4e5f607182930")!;
    expect(ref).toMatch(/^CO-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(referenceToIdSuffix(ref)).toBe("f607182930");
    expect(purchaseReference("00000000000000ffffffffff")).toBe("CO-ZZZZ-ZZZZ");
    expect(purchaseReference("000000000000000000000000")).toBe("CO-0000-0000");
  });

  it("differs between ids, round-trips for fresh ids, and forgives case, spaces and look-alike letters when read back", () => {
    const ids = Array.from({ length: 200 }, () => newId());
    const refs = new Set(ids.map((id) => purchaseReference(id)));
    expect(refs.size).toBe(200);
    for (const id of ids) expect(referenceToIdSuffix(purchaseReference(id)!)).toBe(id.slice(-10));
    const ref = purchaseReference("65f0a1b2c3d4e5f607182930")!;
    expect(referenceToIdSuffix(` ${ref.toLowerCase().replace(/-/g, " ")} `)).toBe("f607182930");
    expect(referenceToIdSuffix("CO-0000-000O")).toBe("0000000000");
    expect(referenceToIdSuffix("CO-1111-111L")).toBe(referenceToIdSuffix("CO-1111-1111"));
    expect(referenceToIdSuffix("CO-UUUU-UUUU")).toBeNull();
    expect(referenceToIdSuffix("CO-123")).toBeNull();
  });

  it("is null for anything that is not a hex id", () => {
    expect(purchaseReference("pur_123")).toBeNull();
    expect(purchaseReference("abc")).toBeNull();
  });
});
