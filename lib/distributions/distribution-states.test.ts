// The distribution state table, and every status against every action through the real services.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canTransition } from "@/lib/core/state-machine";
import { getDb } from "@/lib/db/client";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant } from "@/tests/support/platform";
import { POST as CREATE } from "@/app/api/v1/platform/distributions/route";
import { POST as CANCEL } from "@/app/api/v1/platform/distributions/[id]/cancel/route";
import { POST as MARK } from "@/app/api/v1/platform/gifts/mark-funded/route";
import { DISTRIBUTION_STATES, DISTRIBUTION_STATUSES, type DistributionAction } from "./distribution-states";
import { recordDistributionFunding } from "./record-distribution-funding";

describe("distribution state table", () => {
  it("only draft or pending may be cancelled; only pending may become funded", () => {
    const allowed = (a: DistributionAction) => DISTRIBUTION_STATUSES.filter((s) => canTransition(DISTRIBUTION_STATES, s, a));
    expect(allowed("cancel")).toEqual(["draft", "pending"]);
    expect(allowed("fund")).toEqual(["pending"]);
    expect(DISTRIBUTION_STATES.cancel.to).toBe("cancelled");
    expect(DISTRIBUTION_STATES.fund.to).toBe("funded");
    expect(canTransition(DISTRIBUTION_STATES, "bogus", "cancel")).toBe(false);
  });

  it("every status × cancel, fund-session funding and mark-funded, through the services", async () => {
    const t = await makePlatformTenant();
    const make = async (payoutPath: string, status: string) => {
      const res = await call(CREATE, {
        headers: { ...t.tb, ...idem() },
        body: { mode: "fixed", payoutPath, recipients: [{ email: `s-${randomBytes(3).toString("hex")}@example.com`, amount: 1 }] },
      });
      await getDb().distribution.update({ where: { id: res.body._id }, data: { status } });
      return res.body as { _id: string; lineItems: { lineItemId: string }[]; fundingRequiredCents: number };
    };
    const outcome: Record<string, [string, string, string]> = {};
    for (const status of DISTRIBUTION_STATUSES) {
      const a = await make("partner", status);
      const cancel = await call(CANCEL, { headers: t.tb, params: { id: a._id } });
      const b = await make("fund_session", status);
      const fund = await recordDistributionFunding(
        { db: getDb() },
        { distributionId: b._id, fundSessionId: `fs_${b._id}`, amountMicros: BigInt(b.fundingRequiredCents) * 10_000n },
      ).then(
        (r) => r.status,
        (e: { code: string }) => e.code,
      );
      const c = await make("partner", status);
      const mark = await call(MARK, {
        headers: { ...t.tb, ...idem() },
        body: {
          distributionId: c._id,
          transactionHash: `0x${randomBytes(32).toString("hex")}`,
          giftData: [{ giftId: c.lineItems[0]!.lineItemId, claimCode: randomBytes(32).toString("hex") }],
        },
      });
      outcome[status] = [
        cancel.status === 200 ? cancel.body.status : cancel.body.code,
        fund,
        mark.status === 200 ? `funded ${mark.body.result.updatedCount}` : mark.body.code,
      ];
    }
    expect(outcome).toEqual({
      draft: ["cancelled", "DISTRIBUTION_NOT_PENDING", "DISTRIBUTION_NOT_PENDING"],
      pending: ["cancelled", "funded", "funded 1"],
      funded: ["NOT_CANCELLABLE", "DISTRIBUTION_NOT_PENDING", "funded 1"],
      processing: ["NOT_CANCELLABLE", "DISTRIBUTION_NOT_PENDING", "DISTRIBUTION_NOT_PENDING"],
      cancelled: ["NOT_CANCELLABLE", "DISTRIBUTION_NOT_PENDING", "DISTRIBUTION_NOT_PENDING"],
    });
  });
});
