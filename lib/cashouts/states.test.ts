import { describe, expect, it } from "vitest";
import { CASHOUT_TRANSITIONS, nextCashoutStatus } from "./states";
import { convertUnits } from "./convert-units";

describe("cashout state table", () => {
  it("allows approve and reject only from pendingReview", () => {
    expect(nextCashoutStatus("pendingReview", "approve")).toBe("approved");
    expect(nextCashoutStatus("pendingReview", "reject")).toBe("rejected");
    for (const status of ["approved", "rejected", "unknown"])
      for (const action of ["approve", "reject"] as const)
        expect(() => nextCashoutStatus(status, action)).toThrow(expect.objectContaining({ code: "CASHOUT_NOT_PENDING", status: 409 }));
  });
  it("has no transitions out of the final states", () => {
    expect(CASHOUT_TRANSITIONS.approved).toEqual({});
    expect(CASHOUT_TRANSITIONS.rejected).toEqual({});
  });
});

describe("convertUnits", () => {
  it("multiplies units by the captured rate exactly", () => {
    expect(convertUnits(40n, "2500")).toBe(100_000n);
    expect(convertUnits(999_999_999_999_999n, "9000")).toBe(8_999_999_999_999_991_000n);
  });
  it("refuses a result a balance cannot hold", () => {
    expect(() => convertUnits(999_999_999_999_999n, "10000")).toThrow(expect.objectContaining({ code: "AMOUNT_OUT_OF_RANGE", status: 422 }));
  });
});
