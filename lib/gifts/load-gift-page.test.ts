// The claim page's loader: what a holder of the URL sees, before and after the claim, signed in or not.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/distributions/route";
import { POST as MARK } from "@/app/api/v1/platform/gifts/mark-funded/route";
import { POST as CANCEL } from "@/app/api/v1/platform/distributions/[id]/cancel/route";
import { call } from "@/tests/support/http";
import { makePlatformTenant } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { findOrCreatePlayer } from "@/lib/linking/link-player";
import { claimGift } from "./claim-gift";
import { claimCodeOf, claimUrl } from "./claim-code";
import { loadGiftPage } from "./load-gift-page";

const gift = async ({ fund = true } = {}) => {
  const t = await makePlatformTenant();
  const email = `r-${randomBytes(3).toString("hex")}@example.com`;
  const d = (await call(CREATE, { headers: { ...t.tb, "idempotency-key": randomUUID() }, body: { mode: "fixed", recipients: [{ email, amount: 5 }] } })).body;
  const code = randomBytes(32).toString("hex");
  if (fund)
    await call(MARK, {
      headers: { ...t.tb, "idempotency-key": randomUUID() },
      body: {
        distributionId: d._id,
        transactionHash: "0x" + randomBytes(32).toString("hex"),
        giftData: [{ giftId: d.lineItems[0].lineItemId, claimCode: code }],
      },
    });
  return { ...t, d, email, code };
};

describe("loadGiftPage", () => {
  it("a stranger sees the amount, the sender and a masked address; the recipient sees their own address", async () => {
    const { code, email, business } = await gift();
    const db = getDb();
    expect(await loadGiftPage({ db }, { code, player: null })).toEqual({
      state: "funded",
      amountCents: 500,
      senderName: business.name,
      recipientEmail: `${email[0]}•••@example.com`,
      isRecipient: false,
      claimedByMe: false,
      testMode: true,
    });
    const me = await findOrCreatePlayer({ db }, { email });
    expect(await loadGiftPage({ db }, { code: code.toUpperCase(), player: { playerId: me.id, email } })).toMatchObject({
      recipientEmail: email,
      isRecipient: true,
    });
  });

  it("after the claim: claimed by me for the recipient, already claimed for anyone else; the code works once", async () => {
    const { code, email } = await gift();
    const db = getDb();
    const me = await findOrCreatePlayer({ db }, { email });
    await claimGift({ db }, { claimCode: code, email });
    expect(await loadGiftPage({ db }, { code, player: { playerId: me.id, email } })).toMatchObject({ state: "claimed", claimedByMe: true });
    expect(await loadGiftPage({ db }, { code, player: null })).toMatchObject({ state: "claimed", claimedByMe: false });
    await expect(claimGift({ db }, { claimCode: code, email })).rejects.toMatchObject({ code: "GIFT_ALREADY_CLAIMED" });
  });

  it("unknown or malformed codes show nothing; a cancelled gift says so", async () => {
    const db = getDb();
    expect(await loadGiftPage({ db }, { code: randomBytes(32).toString("hex"), player: null })).toBeNull();
    expect(await loadGiftPage({ db }, { code: "../../etc", player: null })).toBeNull();
    const { code, tb, d } = await gift();
    await getDb().distribution.update({ where: { id: d._id }, data: { status: "pending" } });
    expect((await call(CANCEL, { headers: tb, params: { id: d._id } })).status).toBe(200);
    expect(await loadGiftPage({ db }, { code, player: null })).toMatchObject({ state: "cancelled" });
    // the funded gift's escrow went back to the platform's funding, as a journal
    const refund = await db.ledgerJournal.findFirstOrThrow({ where: { type: "gift_refund", reference: d._id }, include: { postings: true } });
    expect(refund.postings.map((p) => p.delta).sort()).toEqual([-5_000_000n, 5_000_000n]);
    await expect(claimGift({ db }, { claimCode: code, email: "x@example.com" })).rejects.toMatchObject({ code: "GIFT_EMAIL_MISMATCH" });
  });

  it("claim URLs and codes parse strictly", () => {
    const c = "a".repeat(64);
    expect(claimCodeOf({ claimUrl: claimUrl(c) })).toBe(c);
    expect(claimCodeOf({ claimUrl: `https://x.example/gift/${c.toUpperCase()}?utm=1` })).toBe(c);
    expect(claimCodeOf({ claimCode: ` ${c} ` })).toBe(c);
    expect(claimCodeOf({ claimUrl: `https://x.example/gift/${c}x` })).toBeNull();
    expect(claimCodeOf({ claimCode: "a".repeat(63) })).toBeNull();
  });
});
