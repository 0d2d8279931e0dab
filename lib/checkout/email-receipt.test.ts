// The receipt email of a checkout purchase, against PostgreSQL: queued once by the completing transaction,
// sent in the checkout's language with the amount, the included tax, the short reference and the signed link
// to the receipt page; nothing for an unpaid purchase or an account without a real address.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { call } from "@/tests/support/http";
import { makeProductRow, makeStore } from "@/tests/support/purchases";
import { idem } from "@/tests/support/vc";
import { completeCheckout } from "./complete-checkout";
import { emailReceipt, RECEIPT_EMAIL_TASK } from "./email-receipt";
import { purchaseReference } from "./purchase-reference";
import { parseCheckoutUrl, successUrlPath } from "./sign-url";

const db = () => getDb();
const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

const receiptJobs = async (purchaseId: string) =>
  (await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = ${`${RECEIPT_EMAIL_TASK}:${purchaseId}`}`)[0].n;

const paidGrant = async (body: Record<string, unknown>, game: Record<string, unknown> = {}) => {
  const s = await makeStore({ players: 0 });
  await db().game.update({ where: { id: s.game.id }, data: game });
  const item = await makeProductRow(s.game.id, { name: "Golden Sword", priceCents: 1200, fulfillmentType: "WEBHOOK" });
  const res = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id, ...body } });
  expect(res.status, res.text).toBe(201);
  const paid = await payCheckout({ db: db() }, { ref: parseCheckoutUrl(res.body.checkoutUrl)!, method: "card", card: CARD });
  expect(paid.outcome).toBe("succeeded");
  return { s, purchase: paid.purchase };
};

describe("emailReceipt", () => {
  it("a paid grant queues one receipt job; the mail names the game, item, amount, tax, reference and the signed receipt link", async () => {
    const { s, purchase } = await paidGrant({ email: "buyer@example.com" }, { taxLabel: "VAT", taxRateBps: 2000 });
    expect(await receiptJobs(purchase.id)).toBe(1n);
    // a replayed completion (a processor retry) queues nothing more
    await completeCheckout({ db: db() }, { purchaseId: purchase.id, paymentProvider: "sandbox" });
    expect(await receiptJobs(purchase.id)).toBe(1n);

    expect(await emailReceipt({ db: db() }, { purchaseId: purchase.id })).toBe(true);
    const mails = await db().mailMessage.findMany({ where: { to: "buyer@example.com" } });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Your receipt for Golden Sword (${s.game.name})`);
    expect(mail.text).toMatch(/You paid USD\s12\.00 for Golden Sword\./);
    expect(mail.text).toMatch(/Includes VAT \(20%\): USD\s2\.00\./);
    expect(mail.text).toContain(`Reference: ${purchaseReference(purchase.id)}`);
    expect(mail.text).toContain(successUrlPath(purchase.id));
    expect(mail.html).toContain(`href="http://localhost:3000${successUrlPath(purchase.id).replace(/&/g, "&#38;")}"`);
  });

  it("speaks the grant's language (checkoutMetadata.locale), with French number formatting", async () => {
    const { s, purchase } = await paidGrant({ email: "acheteur@example.com", checkoutMetadata: { locale: "fr-FR" } });
    await emailReceipt({ db: db() }, { purchaseId: purchase.id });
    const mail = await db().mailMessage.findFirstOrThrow({ where: { to: "acheteur@example.com" } });
    expect(mail.subject).toBe(`Votre reçu pour Golden Sword (${s.game.name})`);
    expect(mail.text).toMatch(/Vous avez payé 12,00\sUSD pour Golden Sword\./);
  });

  it("sends nothing for a purchase that is not completed, or that is unknown", async () => {
    const { purchase } = await paidGrant({ email: "pending@example.com" });
    await db().purchase.update({ where: { id: purchase.id }, data: { status: "failed" } });
    expect(await emailReceipt({ db: db() }, { purchaseId: purchase.id })).toBe(false);
    expect(await emailReceipt({ db: db() }, { purchaseId: "0".repeat(24) })).toBe(false);
    expect(await db().mailMessage.count({ where: { to: "pending@example.com" } })).toBe(0);
  });

  it("sends nothing to an account without a real address (a guest's placeholder)", async () => {
    const { purchase } = await paidGrant({ email: "guest@example.com" });
    await db().player.update({ where: { id: purchase.playerId! }, data: { email: `guest-${purchase.id}@guest.invalid` } });
    expect(await emailReceipt({ db: db() }, { purchaseId: purchase.id })).toBe(false);
    expect(await db().mailMessage.count({ where: { to: { endsWith: ".invalid" } } })).toBe(0);
  });
});
