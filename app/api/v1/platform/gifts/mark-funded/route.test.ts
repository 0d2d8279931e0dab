import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as MARK } from "./route";
import { POST as CREATE } from "../../distributions/route";
import { POST as CANCEL } from "../../distributions/[id]/cancel/route";
import { POST as CLAIM } from "../../../test-helpers/gifts/claim/route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { USDC_ASSET, walletAccount } from "@/lib/ledger/accounts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { checkLedgerInvariants } from "@/lib/ledger/check-ledger-invariants";
import { giftEscrow } from "@/lib/gifts/gift-accounts";
import { recordDistributionFunding } from "@/lib/distributions/record-distribution-funding";
import { BUSINESS_SCOPES } from "@/lib/platform/scopes";
import type { AccountSpec } from "@/lib/ledger/types";

const tag = () => randomBytes(4).toString("hex");
const code = () => randomBytes(32).toString("hex");
const txHash = () => `0x${randomBytes(32).toString("hex")}`;
const balance = async (a: AccountSpec) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "test", kind: a.kind, ownerRef: a.ownerRef })).balance;

/** A partner distribution of two gifts ($7.00 and $3.00). */
const setup = async (payoutPath = "partner") => {
  const t = await makePlatformTenant();
  const emails = [`g1-${tag()}@example.com`, `g2-${tag()}@example.com`];
  const res = await call(CREATE, {
    headers: { ...t.tb, ...idem() },
    body: {
      mode: "fixed",
      payoutPath,
      recipients: [
        { email: emails[0], amount: 7 },
        { email: emails[1], amount: 3 },
      ],
    },
  });
  expect(res.status).toBe(201);
  const giftIds = res.body.lineItems.map((l: { lineItemId: string }) => l.lineItemId) as string[];
  return { ...t, d: res.body, emails, giftIds };
};

describe("POST /v1/platform/gifts/mark-funded", () => {
  it("funds the gifts (escrow journal), mails each claim link, emits Platform.Gifts.Funded and funds the distribution", async () => {
    const { tb, d, giftIds, emails, platform, business } = await setup();
    const codes = [code(), code()];
    const hash = txHash();
    const res = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: hash, giftData: giftIds.map((giftId, i) => ({ giftId, claimCode: codes[i] })) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, result: { updatedCount: 2, emailsSent: 2, emailsFailed: 0, totalFundedCents: 1000 } });
    expect(await balance(giftEscrow(giftIds[0]!, "test"))).toBe(7_000_000n);
    expect(await balance(giftEscrow(giftIds[1]!, "test"))).toBe(3_000_000n);
    const row = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id }, include: { lineItems: true } });
    expect(row.status).toBe("funded");
    expect(row.lineItems.map((l) => l.status)).toEqual(["funded", "funded"]);
    expect(row.lineItems.every((l) => l.claimCodeHash && !codes.includes(l.claimCodeHash))).toBe(true);
    const mails = await getDb().mailMessage.findMany({ where: { to: { in: emails } }, orderBy: { to: "asc" } });
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.to === emails[0])!.text).toContain(`/gift/${codes[0]}`);
    expect(mails.find((m) => m.to === emails[0])!.subject).toBe("You received a gift of USD\u00a07.00");
    const ev = (await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.Gifts.Funded");
    expect(ev.map((e) => e.data)).toEqual([{ distributionId: d._id, businessId: business.id, giftCount: 2, totalAmountCents: 1000, transactionHash: hash }]);
    // a second call for the same gifts funds nothing again
    const again = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: hash, giftData: giftIds.map((giftId, i) => ({ giftId, claimCode: codes[i] })) },
    });
    expect(again.body.result).toEqual({ updatedCount: 0, emailsSent: 0, emailsFailed: 0, totalFundedCents: 0 });
    expect(await getDb().ledgerJournal.count({ where: { type: "gift_funding", reference: d._id } })).toBe(1);
    // a funded distribution cannot be cancelled
    expect((await call(CANCEL, { headers: tb, params: { id: d._id } })).status).toBe(422);
  });

  it("409 PAYOUT_PATH_MISMATCH on a fund_session distribution; 404 for another business's; 400 for a bad code or gift", async () => {
    const fs = await setup("fund_session");
    const mismatch = await call(MARK, {
      headers: { ...fs.tb, ...idem() },
      body: { distributionId: fs.d._id, transactionHash: txHash(), giftData: [{ giftId: fs.giftIds[0], claimCode: code() }] },
    });
    expect([mismatch.status, mismatch.body.code]).toEqual([409, "PAYOUT_PATH_MISMATCH"]);
    const { tb, d, giftIds } = await setup();
    const other = await makePlatformTenant();
    const foreign = await call(MARK, {
      headers: { ...other.tb, ...idem() },
      body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: code() }] },
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "DISTRIBUTION_NOT_FOUND"]);
    const short = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: "ab".repeat(31) }] },
    });
    expect([short.status, short.body.details[0].field]).toEqual([400, "giftData.0.claimCode"]);
    const wrongGift = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: fs.giftIds[0], claimCode: code() }] },
    });
    expect([wrongGift.status, wrongGift.body.details]).toEqual([400, [{ field: "giftData.0.giftId", message: "is not a gift of this distribution" }]]);
    const c = code();
    const dup = await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: txHash(), giftData: giftIds.map((giftId) => ({ giftId, claimCode: c })) },
    });
    expect(dup.status).toBe(400);
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("pending");
    expect(
      (
        await call(MARK, {
          headers: { ...tb },
          body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: code() }] },
        })
      ).body.code,
    ).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const noScope = await makePlatformTenant({ grantScopes: BUSINESS_SCOPES.filter((s) => s !== "gift:create") });
    expect(
      (
        await call(MARK, {
          headers: { ...noScope.tb, ...idem() },
          body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: code() }] },
        })
      ).status,
    ).toBe(403);
    expect((await call(MARK, { headers: idem(), body: {} })).status).toBe(401);
  });

  it("an idempotent replay returns the same result and funds once", async () => {
    const { tb, d, giftIds } = await setup();
    const h = { ...tb, ...idem() };
    const body = { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: code() }] };
    const a = await call(MARK, { headers: h, body });
    const b = await call(MARK, { headers: h, body });
    expect(b.body).toEqual(a.body);
    expect(a.body.result.updatedCount).toBe(1);
    expect(await balance(giftEscrow(giftIds[0]!, "test"))).toBe(7_000_000n);
    expect((await getDb().distribution.findUniqueOrThrow({ where: { id: d._id } })).status).toBe("pending");
  });

  it("64 parallel mark-funded and cancel calls on one distribution: each gift funded at most once, the ledger balances", async () => {
    const { tb, d, giftIds } = await setup();
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        i % 8 === 7
          ? call(CANCEL, { headers: tb, params: { id: d._id } })
          : call(MARK, {
              headers: { ...tb, ...idem() },
              body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[i % 2], claimCode: code() }] },
            }),
      ),
    );
    for (const r of results) expect([200, 409, 422]).toContain(r.status);
    const row = await getDb().distribution.findUniqueOrThrow({ where: { id: d._id }, include: { lineItems: true } });
    const funded = results.filter((r) => r.status === 200 && r.body.result?.updatedCount === 1).length;
    expect(await getDb().ledgerJournal.count({ where: { type: "gift_funding", reference: d._id } })).toBe(funded);
    expect(funded).toBeLessThanOrEqual(2);
    for (const [i, id] of giftIds.entries()) {
      const l = row.lineItems.find((x) => x.id === id)!;
      expect(await balance(giftEscrow(id, "test"))).toBe(l.status === "funded" ? [7_000_000n, 3_000_000n][i] : 0n);
    }
    if (row.status === "cancelled") expect(results.filter((r) => r.body?.status === "cancelled")).toHaveLength(1);
    const audit = await checkLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" });
    expect([audit.sum, audit.negativeAccounts, audit.driftedAccounts, audit.unbalancedJournals]).toEqual([0n, [], [], []]);
  });
});

describe("POST /v1/test-helpers/gifts/claim", () => {
  it("claims a funded gift into the recipient's custody wallet, once; unknown codes and other emails are refused", async () => {
    const { tb, d, giftIds, emails } = await setup();
    const c = code();
    await call(MARK, {
      headers: { ...tb, ...idem() },
      body: { distributionId: d._id, transactionHash: txHash(), giftData: [{ giftId: giftIds[0], claimCode: c }] },
    });
    const wrongEmail = await call(CLAIM, { headers: tb, body: { claimCode: c, email: emails[1] } });
    expect([wrongEmail.status, wrongEmail.body.code]).toEqual([403, "GIFT_EMAIL_MISMATCH"]);
    const other = await makePlatformTenant();
    expect((await call(CLAIM, { headers: other.tb, body: { claimCode: c, email: emails[0] } })).body.code).toBe("GIFT_NOT_FOUND");
    const res = await call(CLAIM, { headers: tb, body: { claimUrl: `http://localhost:3000/gift/${c}`, email: emails[0]!.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ giftId: giftIds[0], distributionId: d._id, email: emails[0], amountCents: 700, status: "claimed" });
    const player = await getDb().player.findUniqueOrThrow({ where: { email: emails[0] } });
    expect(await balance(walletAccount(player.id, "test"))).toBe(7_000_000n);
    expect(res.body.walletAddress).toBe(walletAccount(player.id, "test").address);
    expect(await balance(giftEscrow(giftIds[0]!, "test"))).toBe(0n);
    const again = await call(CLAIM, { headers: tb, body: { claimCode: c, email: emails[0] } });
    expect([again.status, again.body.code]).toEqual([409, "GIFT_ALREADY_CLAIMED"]);
    expect((await call(CLAIM, { headers: tb, body: { claimCode: code(), email: emails[0] } })).status).toBe(404);
    expect((await call(CLAIM, { headers: tb, body: { claimCode: "zz", email: emails[0] } })).status).toBe(404);
    expect((await call(CLAIM, { headers: tb, body: { email: emails[0] } })).status).toBe(400);
  });

  it("fund_session gifts get a mailed code on full funding, and 64 parallel claims of it pay once", async () => {
    const { tb, d, giftIds, emails } = await setup("fund_session");
    await recordDistributionFunding(
      { db: getDb() },
      { distributionId: d._id, fundSessionId: `fs_${tag()}`, amountMicros: BigInt(d.fundingRequiredCents) * 10_000n },
    );
    const mail = await getDb().mailMessage.findFirstOrThrow({ where: { to: emails[1] } });
    const c = /\/gift\/([0-9a-f]{64})/.exec(mail.text)![1]!;
    const results = await Promise.all(Array.from({ length: 64 }, () => call(CLAIM, { headers: tb, body: { claimCode: c, email: emails[1] } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expect(r.body.code).toBe("GIFT_ALREADY_CLAIMED");
    const player = await getDb().player.findUniqueOrThrow({ where: { email: emails[1] } });
    expect(await balance(walletAccount(player.id, "test"))).toBe(3_000_000n);
    expect(await getDb().ledgerJournal.count({ where: { type: "gift_claim", reference: giftIds[1] } })).toBe(1);
    const audit = await checkLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" });
    expect([audit.sum, audit.negativeAccounts, audit.unbalancedJournals]).toEqual([0n, [], []]);
  });

  it("a pending (unfunded) gift cannot be claimed, and a live key gets 404", async () => {
    const live = await makePlatformTenant({ environment: "live" });
    expect((await call(CLAIM, { headers: live.tb, body: { claimCode: code(), email: "a@example.com" } })).status).toBe(404);
    expect((await call(CLAIM, { body: { claimCode: code(), email: "a@example.com" } })).status).toBe(401);
  });
});
