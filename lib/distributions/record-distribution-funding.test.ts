// Funding a 'fund_session' distribution: escrow, payout once fully funded, refund on cancel, and races.
import { describe, expect, it } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/distributions/route";
import { POST as CANCEL } from "@/app/api/v1/platform/distributions/[id]/cancel/route";
import { call } from "@/tests/support/http";
import { idem, makePlatformTenant, platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";
import { businessFundingAccount, platformFeeAccount, USDC_ASSET, walletAccount } from "@/lib/ledger/accounts";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";
import { checkLedgerInvariants } from "@/lib/ledger/check-ledger-invariants";
import { feeRecipientAccount } from "@/lib/invoices/pay-invoice";
import type { AccountSpec } from "@/lib/ledger/types";
import { distributionEscrow } from "./distribution-accounts";
import { giftEscrow } from "@/lib/gifts/gift-accounts";
import { recordDistributionFunding } from "./record-distribution-funding";

const tag = () => Math.random().toString(16).slice(2);
const balance = async (a: AccountSpec) =>
  (await getAccountBalance(getDb(), { asset: USDC_ASSET, environment: "test", kind: a.kind, ownerRef: a.ownerRef })).balance;

/** A fund_session distribution: $60 to a linked player, $40 as a gift; service fee 1 % ($1), platform fee $0.50 flat. Funding required: $101.50. */
const setup = async (payoutPath = "fund_session") => {
  const wallet = "0x" + Array.from({ length: 40 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");
  const t = await makePlatformTenant();
  const db = getDb();
  const player = await findOrCreatePlayer({ db }, { email: `p-${tag()}@example.com` });
  const link = await linkPlayer(
    { db },
    { namespace: { type: "business", id: t.business.id }, environment: "test", playerId: player.id, approval: { sessionId: null, at: new Date() } },
  );
  const res = await call(CREATE, {
    headers: { ...t.tb, ...idem() },
    body: {
      mode: "fixed",
      payoutPath,
      recipients: [
        { userRef: link.userRef, amount: 60 },
        { email: `gift-${tag()}@example.com`, amount: 40 },
      ],
      fees: [{ label: "Platform", flat: 50, recipientWallet: wallet }],
    },
  });
  expect(res.body.fundingRequiredCents).toBe(10_150);
  return { ...t, d: res.body, playerId: player.id, wallet };
};

describe("recordDistributionFunding", () => {
  it("holds partial funding in escrow, then pays every recipient and fee once fully funded (excess back to the business)", async () => {
    const { d, playerId, business, platform, wallet } = await setup();
    const db = getDb();
    const first = await recordDistributionFunding({ db }, { distributionId: d._id, fundSessionId: "fs_1", amountMicros: 50_000_000n });
    expect(first).toEqual({ status: "pending", fundedMicros: 50_000_000n, fullyFunded: false, replayed: false });
    expect(await balance(distributionEscrow(d._id, "test"))).toBe(50_000_000n);
    // a retried completion of the same fund session changes nothing
    expect((await recordDistributionFunding({ db }, { distributionId: d._id, fundSessionId: "fs_1", amountMicros: 50_000_000n })).replayed).toBe(true);
    const second = await recordDistributionFunding({ db }, { distributionId: d._id, fundSessionId: "fs_2", amountMicros: 52_000_000n });
    expect(second).toEqual({ status: "funded", fundedMicros: 102_000_000n, fullyFunded: true, replayed: false });
    expect(await balance(distributionEscrow(d._id, "test"))).toBe(0n);
    expect(await balance(walletAccount(playerId, "test"))).toBe(60_000_000n);
    expect(await balance(giftEscrow(d.lineItems[1].lineItemId, "test"))).toBe(40_000_000n);
    expect(await balance(feeRecipientAccount(wallet))).toBe(500_000n);
    const payout = await db.ledgerJournal.findFirstOrThrow({
      where: { type: "distribution_payout", reference: d._id },
      include: { postings: { include: { account: true } } },
    });
    expect(payout.postings.find((p) => p.account.kind === platformFeeAccount("test").kind)!.delta).toBe(1_000_000n); // the service fee: 1 % of $100
    expect(payout.postings.reduce((sum, p) => sum + p.delta, 0n)).toBe(0n);
    expect(await balance(businessFundingAccount(business.id, "test"))).toBe(500_000n); // 102.00 paid in − 101.50 due
    const row = await db.distribution.findUniqueOrThrow({ where: { id: d._id }, include: { lineItems: { orderBy: { position: "asc" } } } });
    expect([row.status, row.lineItems.map((l) => l.status)]).toEqual(["funded", ["paid", "funded"]]);
    const gifts = (await platformEventsOf(platform.id)).filter((e) => e.event === "Platform.Gifts.Funded");
    expect(gifts).toHaveLength(1);
    expect(gifts[0]!.data).toMatchObject({ distributionId: d._id, businessId: business.id, giftCount: 1, totalAmountCents: 4000 });
    expect(gifts[0]!.data.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(recordDistributionFunding({ db }, { distributionId: d._id, fundSessionId: "fs_3", amountMicros: 1n })).rejects.toMatchObject({
      code: "DISTRIBUTION_NOT_PENDING",
    });
  });

  it("refuses a 'partner' distribution (PAYOUT_PATH_MISMATCH) and moves nothing", async () => {
    const { d } = await setup("partner");
    await expect(recordDistributionFunding({ db: getDb() }, { distributionId: d._id, fundSessionId: "fs_x", amountMicros: 1_000_000n })).rejects.toMatchObject({
      code: "PAYOUT_PATH_MISMATCH",
    });
    expect(await balance(distributionEscrow(d._id, "test"))).toBe(0n);
  });

  it("cancelling after partial funding returns what was funded to the business, as a journal", async () => {
    const { d, tb, business, platform } = await setup();
    await recordDistributionFunding({ db: getDb() }, { distributionId: d._id, fundSessionId: "fs_a", amountMicros: 30_000_000n });
    const res = await call(CANCEL, { headers: tb, params: { id: d._id } });
    expect(res.body).toMatchObject({ status: "cancelled", fundedCents: 3000 });
    expect(await balance(distributionEscrow(d._id, "test"))).toBe(0n);
    expect(await balance(businessFundingAccount(business.id, "test"))).toBe(30_000_000n);
    const ev = (await platformEventsOf(platform.id)).find((e) => e.event === "platform.distribution.cancelled")!;
    expect(ev.data).toMatchObject({ refundedAmountCents: 3000 });
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: ev.data.refundJournalId as string }, include: { postings: true } });
    expect(journal.type).toBe("distribution_refund");
    expect(journal.postings.reduce((s, p) => s + p.delta, 0n)).toBe(0n);
    await expect(recordDistributionFunding({ db: getDb() }, { distributionId: d._id, fundSessionId: "fs_b", amountMicros: 1n })).rejects.toMatchObject({
      code: "DISTRIBUTION_NOT_PENDING",
    });
  });

  it("64 parallel fundings and cancels on one distribution: paid at most once, nothing lost, the ledger balances", async () => {
    const { d, tb, playerId, business } = await setup();
    const db = getDb();
    // 48 fund sessions of $4.00 (enough to fund twice over) racing 16 cancels
    const ops = Array.from({ length: 64 }, (_, i) =>
      i % 4 === 3
        ? call(CANCEL, { headers: tb, params: { id: d._id } }).then((r) => ({
            kind: "cancel" as const,
            ok: r.status === 200,
            code: r.body.code as string | undefined,
          }))
        : recordDistributionFunding({ db }, { distributionId: d._id, fundSessionId: `fs_${i}`, amountMicros: 4_000_000n }).then(
            (r) => ({ kind: "fund" as const, ok: true, code: r.fullyFunded ? "FULL" : undefined }),
            (e: { code?: string }) => ({ kind: "fund" as const, ok: false, code: e.code }),
          ),
    );
    const results = await Promise.all(ops);
    for (const r of results) if (!r.ok) expect(["NOT_CANCELLABLE", "DISTRIBUTION_NOT_PENDING"]).toContain(r.code);
    const row = await db.distribution.findUniqueOrThrow({ where: { id: d._id } });
    const accepted = results.filter((r) => r.kind === "fund" && r.ok).length;
    expect(row.fundedMicros).toBe(BigInt(accepted) * 4_000_000n);
    const payouts = await db.ledgerJournal.count({ where: { type: "distribution_payout", reference: d._id } });
    const refunds = await db.ledgerJournal.count({ where: { type: "distribution_refund", reference: d._id } });
    if (row.status === "funded") {
      expect([payouts, refunds]).toEqual([1, 0]);
      expect(results.filter((r) => r.code === "FULL")).toHaveLength(1);
      expect(await balance(walletAccount(playerId, "test"))).toBe(60_000_000n);
      expect(await balance(businessFundingAccount(business.id, "test"))).toBe(row.fundedMicros - 101_500_000n);
    } else {
      expect(row.status).toBe("cancelled");
      expect([payouts, refunds]).toEqual([0, row.fundedMicros > 0n ? 1 : 0]);
      expect(results.filter((r) => r.kind === "cancel" && r.ok)).toHaveLength(1);
      expect(await balance(businessFundingAccount(business.id, "test"))).toBe(row.fundedMicros);
    }
    expect(await balance(distributionEscrow(d._id, "test"))).toBe(0n);
    const audit = await checkLedgerInvariants(db, { asset: USDC_ASSET, environment: "test" });
    expect(audit.sum).toBe(0n);
    expect(audit.negativeAccounts).toEqual([]);
    expect(audit.driftedAccounts).toEqual([]);
    expect(audit.unbalancedJournals).toEqual([]);
  });
});
