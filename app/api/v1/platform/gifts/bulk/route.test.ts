import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as BULK } from "./route";
import { POST as MARK } from "../mark-funded/route";
import { POST as CLAIM } from "../../../test-helpers/gifts/claim/route";
import { GET as LIST } from "../../distributions/route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { BUSINESS_SCOPES } from "@/lib/platform/scopes";

const code = () => randomBytes(32).toString("hex");

describe("POST /v1/platform/gifts/bulk", () => {
  it("creates the valid gifts in one partner distribution, lists the refused ones, and they claim after mark-funded", async () => {
    const { tb, platform, business } = await makePlatformTenant();
    const codes = [code(), code()];
    const res = await call(BULK, {
      headers: { ...tb, ...idem() },
      body: {
        senderUserId: "u1",
        senderWalletAddress: "0x" + "11".repeat(20),
        tokenAddress: "0x" + "22".repeat(20),
        recipients: [
          { email: "Ann@Example.com", name: "Ann", amountCents: 250, vaultAddress: "0xv", rootHash: "0xr", claimCode: codes[0], giftConfig: { a: 1 } },
          { email: "bob@example.com", amountCents: 1.5, claimCode: code() },
          { email: "not-an-email", amountCents: 100, claimCode: code() },
          { email: "cy@example.com", amountCents: 100, claimCode: "abc" },
          { email: "di@example.com", amountCents: 125, claimCode: codes[1] },
          { email: "ed@example.com", amountCents: 100, claimCode: codes[1] },
        ],
      },
    });
    expect(res.status).toBe(201);
    const r = res.body.result;
    expect(res.body.success).toBe(true);
    expect([r.successCount, r.failedCount, r.totalAmount]).toEqual([2, 4, "3.75"]);
    expect(
      r.gifts.map((g: { email: string; amountCents: number; claimUrl: string }) => [
        g.email,
        g.amountCents,
        g.claimUrl.endsWith(`/gift/${g.email === "ann@example.com" ? codes[0] : codes[1]}`),
      ]),
    ).toEqual([
      ["ann@example.com", 250, true],
      ["di@example.com", 125, true],
    ]);
    expect(r.errors).toEqual([
      { index: 1, email: "bob@example.com", message: "amountCents must be a whole number of cents above 0" },
      { index: 2, email: "not-an-email", message: "email must be a valid email address" },
      { index: 3, email: "cy@example.com", message: "claimCode must be 64 hexadecimal characters" },
      { index: 5, email: "ed@example.com", message: "claimCode is already used; each gift needs its own code" },
    ]);
    const d = await getDb().distribution.findUniqueOrThrow({ where: { id: r.distributionId } });
    expect(d).toMatchObject({ businessId: business.id, payoutPath: "partner", status: "pending", totalAmountCents: 375n, platformId: platform.id });
    expect((await call(LIST, { headers: tb })).body.distributions[0].lineItems.map((l: { method: string }) => l.method)).toEqual(["gift", "gift"]);
    expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(["Platform.Distribution.Created"]);
    // not claimable before funding
    expect((await call(CLAIM, { headers: tb, body: { claimCode: codes[0], email: "ann@example.com" } })).body.code).toBe("GIFT_NOT_CLAIMABLE");
    const marked = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: {
        distributionId: r.distributionId,
        transactionHash: "0x" + randomBytes(32).toString("hex"),
        giftData: r.gifts.map((g: { giftId: string }, i: number) => ({ giftId: g.giftId, claimCode: codes[i] })),
      },
    });
    expect(marked.body.result).toMatchObject({ updatedCount: 2, totalFundedCents: 375 });
    const claimed = await call(CLAIM, { headers: tb, body: { claimUrl: r.gifts[0].claimUrl, email: "ann@example.com" } });
    expect([claimed.status, claimed.body.amountCents]).toEqual([200, 250]);
  });

  it("all refused: success false and nothing created; 401, 403 without gift:create, idempotent replay", async () => {
    const { tb, business } = await makePlatformTenant();
    const none = await call(BULK, { headers: { ...tb, ...idem() }, body: { recipients: [{ email: "x", amountCents: 1, claimCode: code() }] } });
    expect(none.body).toEqual({
      success: false,
      result: {
        distributionId: null,
        gifts: [],
        totalAmount: "0.00",
        successCount: 0,
        failedCount: 1,
        errors: [{ index: 0, email: "x", message: "email must be a valid email address" }],
      },
    });
    expect(await getDb().distribution.count({ where: { businessId: business.id } })).toBe(0);
    expect((await call(BULK, { headers: idem(), body: {} })).status).toBe(401);
    const noScope = await makePlatformTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== "gift:create") });
    const denied = await call(BULK, {
      headers: { ...noScope.tb, ...idem() },
      body: { recipients: [{ email: "a@example.com", amountCents: 1, claimCode: code() }] },
    });
    expect([denied.status, denied.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect((await call(BULK, { headers: { ...tb, ...idem() }, body: { recipients: [] } })).status).toBe(400);
    const h = { ...tb, "idempotency-key": randomUUID() };
    const body = { recipients: [{ email: "a@example.com", amountCents: 100, claimCode: code() }] };
    const a = await call(BULK, { headers: h, body });
    const b = await call(BULK, { headers: h, body });
    expect(b.body).toEqual(a.body);
    expect(await getDb().distribution.count({ where: { businessId: business.id } })).toBe(1);
  });
});
